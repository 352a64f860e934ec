/**
 * Formats minified JavaScript off the page's thread: a bundle of a megabyte takes seconds to lay
 * out, and the page stays usable meanwhile. The formatter loads with the worker, only when asked.
 */
export function formatInWorker(text: string): { result: Promise<string>; cancel: () => void } {
  const worker = new Worker(new URL('./pretty.worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ text: string } | { error: string }>) => {
      worker.terminate();
      if ('text' in event.data) resolve(event.data.text);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
  });
  worker.postMessage(text);
  return { result, cancel: () => worker.terminate() };
}
