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

/** Link targets a description may use. */
const SAFE_LINK = /^(https?:|mailto:|#)/i;
/** Images load only over https. */
const SAFE_IMAGE = /^https:\/\//i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      else if (!href.startsWith('#')) {
        node.setAttribute('rel', 'noopener nofollow ugc');
        node.setAttribute('target', '_blank');
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!SAFE_IMAGE.test(src.trim())) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
    if (node.tagName === 'INPUT') {
      // Task-list checkboxes only.
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else node.setAttribute('disabled', '');
    }
  });
  instance.addHook('uponSanitizeElement', (node, data) => {
    // An image without a safe source is dropped entirely (no broken-image box, no request).
    if (
      data.tagName === 'img' &&
      node instanceof Element &&
      !SAFE_IMAGE.test((node.getAttribute('src') ?? '').trim())
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
    ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'type', 'checked', 'disabled', 'align', 'start'],
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}
