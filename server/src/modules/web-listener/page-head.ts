/** The site name in titles and `og:site_name`; the web app's own titles end the same way. */
export const SITE_NAME = 'ComfyUI Registry';
export const DEFAULT_DESCRIPTION = 'Discover and install ComfyUI custom nodes.';

/** The id of the `<script type="application/json">` element web/src/lib/embedded-data.ts reads. */
export const EMBEDDED_DATA_ID = 'registry-data';

/** What a served page says about itself in `<head>`. Values are plain text; rendering escapes them. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical link and `og:url`); omitted on pages without one. */
  url?: string;
  /** Absolute http(s) URL of an image for link previews. */
  image?: string;
  /** Ask search engines not to index (unknown and unavailable pages). */
  noindex?: boolean;
}

/**
 * API answers embedded in the page for its first paint, keyed by the TanStack Query key path the
 * web app uses (`/nodes/<id>`, `/publishers/<id>`, ...). `fetchedAt` is when they were read.
 */
export interface EmbeddedData {
  fetchedAt: number;
  queries: Record<string, unknown>;
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

/**
 * JSON made safe inside a `<script>` element: `<`, `>`, `&` and the JavaScript line separators
 * are escaped, so no value can close the element or open a comment.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Whether a value is an absolute http(s) URL (link previews cannot use anything else). */
export function isHttpUrl(value: string | undefined | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const DESCRIPTION_MAX = 200;

/**
 * A pack or publisher description as one short line of plain text: Markdown images dropped, links
 * reduced to their text, heading and emphasis marks removed, whitespace collapsed, cut at ~200
 * characters on a word boundary.
 */
export function summarize(text: string, fallback: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  const chars = [...plain];
  if (chars.length <= DESCRIPTION_MAX) return plain;
  const cut = chars.slice(0, DESCRIPTION_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The `<head>` tags of a page: description, robots, canonical link, Open Graph and Twitter card. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.url ? [`<link rel="canonical" href="${escapeHtml(head.url)}" />`] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.url ? [meta('property', 'og:url', head.url)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
  ];
  return tags.join('\n    ');
}

/** The embedded-data element, or nothing when there is no data. */
export function embeddedDataScript(data: EmbeddedData | undefined): string {
  if (!data || Object.keys(data.queries).length === 0) return '';
  return `<script type="application/json" id="${EMBEDDED_DATA_ID}">${scriptSafeJson(data)}</script>`;
}

/**
 * The translation namespaces and route modules the page's screen needs, for the head: index.html's
 * start-up script preloads the namespaces (named by a meta tag, so it can pick the language) and
 * the app loads them before its first render; the modules are preloaded directly.
 */
export interface ScreenHintTags {
  namespaces: string[];
  modules: string[];
}

export function screenHintTags(hints: ScreenHintTags | undefined): string {
  if (!hints) return '';
  return [
    ...(hints.namespaces.length > 0
      ? [`<meta name="registry-namespaces" content="${escapeHtml(hints.namespaces.join(' '))}" />`]
      : []),
    ...hints.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}

const CONFIG_SCRIPT = '<script>window.__REGISTRY__=';
const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/** A first screen rendered on the server (see first-screen.ts): markup for `#root` and its language. */
export interface RenderedScreen {
  html: string;
  language: string;
  dir: 'ltr' | 'rtl';
}

const HTML_TAG = /<html\b[^>]*>/i;
const EMPTY_ROOT = '<div id="root"></div>';
/** The entry script tag Vite writes into index.html. */
const ENTRY_SCRIPT = /<script\s+type="module"(\s+crossorigin)?\s+src="([^"]+)"\s*><\/script>/i;
/**
 * How long a visible page waits for its first frame before the entry starts anyway. A hidden page
 * (background tab, prerender) gets no frames and starts at once; a visible one normally paints
 * well within this. It is long on purpose: on a slow or busy CPU the first frame of a long page
 * can come several hundred milliseconds after parsing ends, and starting the app then would hold
 * that frame back by the app's whole evaluation time, or skip painting the server's copy at all.
 */
const ENTRY_FRAME_TIMEOUT_MS = 2000;

/**
 * The entry script of a page that arrives with its first screen: fetched at once (preloaded) but
 * run only after the browser's next frame. Module scripts otherwise run the moment parsing ends;
 * on a return visit they come from the cache and are ready by then, so evaluating the app would
 * delay the first paint of the server's screen by its whole evaluation time.
 */
function deferredEntry(src: string, crossorigin: boolean): string {
  const attribute = crossorigin ? ' crossorigin' : '';
  // A frame's animation callbacks run just before it paints, so a timer set in one runs after.
  // A page hidden now, or before its frame, gets no frame: it starts at once, or when hidden.
  // A module script has its own scope, so these names touch nothing else on the page.
  const start = [
    'let started = false;',
    `const start = () => { if (!started) { started = true; import(${scriptSafeJson(src)}); } };`,
    "if (document.visibilityState === 'hidden') start();",
    "document.addEventListener('visibilitychange', start, { once: true });",
    'requestAnimationFrame(() => setTimeout(start));',
    `setTimeout(start, ${ENTRY_FRAME_TIMEOUT_MS});`,
  ].join('\n      ');
  return (
    `<link rel="modulepreload"${attribute} href="${escapeHtml(src)}" />\n` +
    `    <script type="module">\n      ${start}\n    </script>`
  );
}

/** Marks `<html>` dark (the class the app's styles key on), as index.html's script would before the first paint. */
export function withDarkTheme(html: string): string {
  return html.replace(HTML_TAG, (tag) => `${tag.slice(0, -1)} class="dark" style="color-scheme: dark">`);
}

/**
 * Puts a server-rendered first screen in `#root` and its language on `<html>`, and lets the app
 * start only after that screen has had a frame. The markup is inert (no clicks, focus or typing)
 * until the app replaces it with its own live copy and lifts that (web/src/main.tsx): a click on a
 * dead button or text typed into a box about to be replaced would otherwise be lost.
 */
function withFirstScreen(html: string, screen: RenderedScreen | undefined): string {
  if (!screen || !html.includes(EMPTY_ROOT)) return html;
  return html
    .replace(HTML_TAG, () => `<html lang="${escapeHtml(screen.language)}" dir="${screen.dir}">`)
    .replace(ENTRY_SCRIPT, (_tag, crossorigin: string | undefined, src: string) =>
      deferredEntry(src, crossorigin !== undefined),
    )
    .replace(EMPTY_ROOT, () => `<div id="root" inert>${screen.html}</div>`);
}

/**
 * index.html for one page: its own `<title>`, the head tags in place of the built-in description,
 * the embedded data just before `</head>`, the screen hints before the runtime config (so
 * index.html's start-up script, which follows it, can read them), and the first screen if one was
 * rendered.
 */
export function renderPage(
  indexHtml: string,
  head: PageHead,
  data?: EmbeddedData,
  hints?: ScreenHintTags,
  screen?: RenderedScreen,
): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const withTitle = TITLE.test(indexHtml)
    ? indexHtml.replace(TITLE, () => title)
    : indexHtml.replace('</head>', () => `${title}</head>`);
  const withoutDescription = withTitle.replace(DESCRIPTION, '');
  const extra = `    ${headTags(head)}\n    ${embeddedDataScript(data)}\n  `;
  const withHead = withoutDescription.replace('</head>', () => `${extra}</head>`);
  const hintTags = screenHintTags(hints);
  const withHints = !hintTags
    ? withHead
    : withHead.includes(CONFIG_SCRIPT)
      ? withHead.replace(CONFIG_SCRIPT, () => `${hintTags}\n    ${CONFIG_SCRIPT}`)
      : withHead.replace('</head>', () => `${hintTags}\n  </head>`);
  return withFirstScreen(withHints, screen);
}
