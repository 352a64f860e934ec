import { useSyncExternalStore } from 'react';

// The toast library loads on first use, keeping it off the first screen's critical path.
type Sonner = typeof import('sonner');

let library: Promise<Sonner> | null = null;
let wanted = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

/** Loads the toast library (idempotent). */
export function loadToasts(): Promise<Sonner> {
  library ??= import('sonner');
  return library;
}

/** Asks the app to mount the toast area. */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Called by the toast area once it is mounted, releasing toasts waiting for it. */
export function toasterMounted(): void {
  markMounted();
}

/** Whether the toast area should be mounted yet. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Shows a toast once the toast area is ready (success or error). */
export function notify(kind: 'success' | 'error' | 'info', message: string): void {
  requestToaster();
  void Promise.all([loadToasts(), mounted]).then(([sonner]) => sonner.toast[kind](message));
}
