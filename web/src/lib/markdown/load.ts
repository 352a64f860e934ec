/** The Markdown parser and sanitiser's module (about 25 KiB compressed). */
type RenderModule = typeof import('./render');

/** Longest wait for an idle moment before the module is fetched anyway. */
const IDLE_TIMEOUT_MS = 1000;

let loading: Promise<RenderModule> | null = null;

/**
 * Loads the renderer once the browser is idle after the page's first screen, not while it is
 * being shown: descriptions and READMEs read as written until it arrives, and the pack page's
 * first screen neither waits for nor pays for it.
 */
export function loadMarkdownRenderer(): Promise<RenderModule> {
  loading ??= new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(resolve, 0);
    }
  }).then(() => import('./render'));
  return loading;
}
