import { afterFirstScreen } from '../use-after-first-screen';

/** The Markdown parser and sanitiser's module (about 25 KiB compressed). */
type RenderModule = typeof import('./render');

let loading: Promise<RenderModule> | null = null;

/**
 * Loads the renderer once the page's first screen is shown, not with it: descriptions and
 * READMEs read as written until it arrives, and the pack page's first screen neither waits for
 * nor pays for it.
 */
export function loadMarkdownRenderer(): Promise<RenderModule> {
  loading ??= afterFirstScreen().then(() => import('./render'));
  return loading;
}
