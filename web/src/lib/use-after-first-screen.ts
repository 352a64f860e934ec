import { useEffect, useState } from 'react';

/** Longest wait for an idle moment, once the page has loaded, before going ahead anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the page has loaded (its first screen's scripts, styles and images) and the
 * browser is idle. Idle alone comes too early on a slow network: the main thread waits for bytes,
 * and code fetched then would share the line with the first screen's own files.
 */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      } else {
        setTimeout(resolve, 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * False on the server and in the first render, true once the page's first screen is shown (see
 * `afterFirstScreen`): parts below it, and the code they load, wait until then.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstScreen().then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return ready;
}
