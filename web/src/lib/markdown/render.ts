import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Raw HTML in a description is shown as text, never interpreted.
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

// READMEs are written for GitHub's renderer, which keeps (sanitised) HTML such as centred logos:
// here it reaches the sanitiser below, which keeps only the formatting tags.
const readmeMarked = new Marked({ gfm: true, breaks: false, async: false });

/** How a README differs from a description. */
export interface ReadmeOptions {
  /**
   * The absolute URL for a relative one in the README (`docs/shot.png`), or null when it cannot
   * be resolved (the element then loses it).
   */
  resolveUrl: (url: string, kind: 'image' | 'link') => string | null;
  /** Prefix of the headings' ids, so they cannot collide with the page's own. */
  idPrefix: string;
  /**
   * Images under this address load even without https: the registry's own copy of the archive's
   * files (an offline instance is often plain http on a local network).
   */
  ownImages?: string;
}

const ALLOWED_TAGS = [
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
  'input',
];

/** Tags READMEs use in their raw HTML besides those Markdown produces. */
const README_TAGS = ['div', 'span', 'details', 'summary', 'sub', 'sup', 'kbd', 'b', 'i'];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'type', 'checked', 'disabled', 'align', 'start'];

/** Link targets a description may use. */
const SAFE_LINK = /^(https?:|mailto:|#)/i;
/** Images load only over https. */
const SAFE_IMAGE = /^https:\/\//i;
/** A URL with a scheme (`https:`, `javascript:`) or protocol-relative (`//host`): not repository-relative. */
const NOT_RELATIVE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The README being rendered, read by the sanitiser's hooks (sanitising is synchronous). */
let readme: (ReadmeOptions & { slugs: Map<string, number> }) | null = null;

/** Whether an image may load: over https, or from the registry's own copy of the archive. */
function safeImage(src: string): boolean {
  const trimmed = src.trim();
  return SAFE_IMAGE.test(trimmed) || (readme?.ownImages !== undefined && trimmed.startsWith(readme.ownImages));
}

function resolved(url: string, kind: 'image' | 'link'): string | null {
  const trimmed = url.trim();
  if (!readme || trimmed === '' || trimmed.startsWith('#') || NOT_RELATIVE.test(trimmed)) return trimmed;
  return readme.resolveUrl(trimmed, kind);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingSlug(text: string, seen: Map<string, number>): string {
  const base = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

/** `images/node-graph_v2.png` → `node graph v2`: the words of an image's file name. */
export function altFromFileName(src: string): string {
  const file = src.split(/[?#]/)[0]?.split('/').pop() ?? '';
  let name = file;
  try {
    name = decodeURIComponent(file);
  } catch {
    // A malformed escape stays as written.
  }
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // Code blocks and tables scroll sideways on narrow screens: keyboard users must reach them too.
    if (readme && (node.tagName === 'PRE' || node.tagName === 'TABLE')) node.setAttribute('tabindex', '0');
    if (readme && /^H[1-6]$/.test(node.tagName)) {
      node.setAttribute('id', `${readme.idPrefix}${headingSlug(node.textContent ?? '', readme.slugs)}`);
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      const href = resolved(node.getAttribute('href') ?? '', 'link') ?? '';
      // In-page links point at the headings' prefixed ids.
      if (readme && href.startsWith('#') && href.length > 1)
        node.setAttribute('href', `#${readme.idPrefix}${href.slice(1)}`);
      else node.setAttribute('href', href);
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      else if (!href.startsWith('#')) {
        node.setAttribute('rel', 'noopener nofollow ugc');
        node.setAttribute('target', '_blank');
      }
    }
    if (node.tagName === 'IMG') {
      const src = resolved(node.getAttribute('src') ?? '', 'image') ?? '';
      node.setAttribute('src', src);
      if (!safeImage(src)) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
      // An image the author gave no text at all is named by its file, so screen readers say something.
      if (!node.hasAttribute('alt')) node.setAttribute('alt', altFromFileName(src));
    }
    if (node.tagName === 'INPUT') {
      // Task-list checkboxes only, read-only, named by their item's text (or hidden when it has none).
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else {
        node.setAttribute('disabled', '');
        const item = (node.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
        if (item) node.setAttribute('aria-label', item);
        else node.setAttribute('aria-hidden', 'true');
      }
    }
  });
  instance.addHook('uponSanitizeElement', (node, data) => {
    // An image without a safe source is dropped entirely (no broken-image box, no request).
    if (
      data.tagName === 'img' &&
      node instanceof Element &&
      !safeImage(resolved(node.getAttribute('src') ?? '', 'image') ?? '')
    ) {
      node.parentNode?.removeChild(node);
    }
  });
  purifier = instance;
  return instance;
}

/**
 * A pack description (Markdown, written by its publisher) as HTML that is safe to insert: raw HTML
 * is escaped, only formatting tags survive, links are http(s)/mailto with
 * `rel="noopener nofollow ugc"`, and images load only over https.
 */
export function renderMarkdown(source: string): string {
  // ComfyUI-Manager's catalogue marks links as `[a/Name](url)`: the `a/` is not part of the name.
  const html = marked.parse(source.replace(/\[a\/(?=[^\]\n]*\]\()/g, '[')) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/**
 * A pack's README (Markdown from its archive) as HTML that is safe to insert. The same sanitiser
 * as descriptions, with three differences: raw HTML is sanitised rather than shown as text (READMEs
 * rely on it), relative image and link URLs are resolved against the repository, and headings get
 * ids that the README's own `#section` links reach.
 */
export function renderReadme(source: string, options: ReadmeOptions): string {
  const html = readmeMarked.parse(source) as string;
  readme = { ...options, slugs: new Map() };
  try {
    return getPurifier().sanitize(html, {
      ALLOWED_TAGS: [...ALLOWED_TAGS, ...README_TAGS],
      ALLOWED_ATTR: [...ALLOWED_ATTR, 'width', 'height'],
      ALLOW_DATA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
    });
  } finally {
    readme = null;
  }
}
