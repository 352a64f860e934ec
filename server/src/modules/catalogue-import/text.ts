/**
 * Plain-text clean-up of catalogue fields. Descriptions in the Manager list are mostly plain text
 * that happens to contain angle brackets (`<lora:name:1.0>`, `<think>`, `<pad>`), so only real
 * HTML elements and comments are removed; everything else, emoji included, stays.
 */

/** HTML element names whose tags are stripped; any other `<word>` is kept as text. */
const HTML_ELEMENTS = new Set(
  (
    'a abbr b bdi bdo big blockquote br caption center cite code dd del details dfn div dl dt em ' +
    'figcaption figure font h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span ' +
    'strike strong sub summary sup table tbody td tfoot th thead tr tt u ul var video source picture wbr'
  ).split(' '),
);
/** Elements that break a line: replaced by a newline rather than nothing. */
const LINE_BREAKING = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

const TAG = /<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/g;
const COMMENT = /<!--[\s\S]*?-->/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Removes HTML tags and comments, decodes entities and tidies whitespace. */
export function htmlToPlainText(input: string): string {
  const withoutTags = input.replace(COMMENT, '').replace(TAG, (tag, name: string) => {
    const element = name.toLowerCase();
    if (!HTML_ELEMENTS.has(element)) return tag;
    return LINE_BREAKING.has(element) ? '\n' : '';
  });
  return decodeEntities(withoutTags)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * Text cut to at most `max` characters (UTF-16 code units, as the length checks count them):
 * at the last word break in the final fifth when there is one, never inside a surrogate pair,
 * ending with `…` to show something was left out. Shorter text is returned as it is.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1; // room for the ellipsis
  // Do not split a surrogate pair (emoji and other astral characters).
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const cut = text.slice(0, end);
  const space = cut.search(/\s\S*$/);
  const kept = space >= Math.floor(end * 0.8) ? cut.slice(0, space) : cut;
  return `${kept.trimEnd()}…`;
}
