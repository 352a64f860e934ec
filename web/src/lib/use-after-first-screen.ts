import { useEffect, useState } from 'react';

/** Longest wait for an idle moment before the rest of a page is shown anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * False on the server and in the first render, true once the browser is idle after showing the
 * page's first screen: parts below it (and the code they load) wait until then, so the first
 * screen neither waits for nor downloads them.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
