/**
 * Descriptions are Markdown (ComfyUI-Manager's catalogue writes links as `[a/Name](url)`), but
 * cards and lists show one short line of text. This turns Markdown into that text and remembers,
 * for each character it keeps, where it came from, so match spans the server reports against the
 * original description still land on the same words.
 */
export interface PlainText {
  text: string;
  /** `source[i]` is the index in the Markdown of `text[i]`; one extra entry holds the length. */
  source: number[];
}

/** A link or image: `[label](target "title")`, label may hold one level of brackets. */
const LINK =
  /^!?\[((?:[^[\]\n]|\[[^\]\n]*\])*)\]\(\s*<?[^()\s>]*(?:\([^()\s]*\))?[^()\s>]*>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/;
/** A reference link or image: `[label][ref]`. */
const REFERENCE_LINK = /^!?\[((?:[^[\]\n]|\[[^\]\n]*\])*)\]\[[^\]\n]*\]/;
/** An autolink `<https://...>`: keeps the address. */
const AUTOLINK = /^<((?:https?|mailto):[^\s<>]+)>/i;
/** An HTML tag or comment, dropped. */
const HTML_TAG = /^<(?:\/?[a-z][\w-]*(?:\s[^<>]*)?\/?|!--[\s\S]*?--)>/i;
/** What a line may start with that is layout, not text: headings, quotes, list markers, rules. */
const LINE_PREFIX = /^[ \t]*(?:#{1,6}[ \t]+|(?:>[ \t]?)+|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,9}[.)][ \t]+)*/;
const RULE_OR_FENCE = /^[ \t]*(?:(?:[-*_][ \t]*){3,}|```.*|~~~.*|=+|-+)[ \t]*$/;
/** A link marker ComfyUI-Manager puts in front of link labels. */
const MANAGER_LINK_PREFIX = /^a\//;

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

class Builder {
  readonly chars: string[] = [];
  readonly source: number[] = [];

  push(char: string, at: number) {
    if (/\s/.test(char)) {
      // Runs of white space (line breaks included) become one space, none at the start.
      if (this.chars.length === 0 || this.chars[this.chars.length - 1] === ' ') return;
      this.chars.push(' ');
    } else this.chars.push(char);
    this.source.push(at);
  }
}

/** Adds the inline Markdown `text[from, to)` to `out` as plain text. */
function inline(text: string, from: number, to: number, out: Builder) {
  let i = from;
  while (i < to) {
    const char = text[i] as string;
    const rest = text.slice(i, to);
    if (char === '\\' && i + 1 < to && /[!-/:-@[-`{-~]/.test(text[i + 1] as string)) {
      out.push(text[i + 1] as string, i + 1);
      i += 2;
      continue;
    }
    if (char === '[' || (char === '!' && text[i + 1] === '[')) {
      const link = LINK.exec(rest) ?? REFERENCE_LINK.exec(rest);
      if (link) {
        const labelStart = i + link[0].indexOf('[') + 1;
        const label = link[1] as string;
        const skip = MANAGER_LINK_PREFIX.test(label) ? 2 : 0;
        inline(text, labelStart + skip, labelStart + label.length, out);
        i += link[0].length;
        continue;
      }
    }
    if (char === '<') {
      const auto = AUTOLINK.exec(rest);
      if (auto) {
        inline(text, i + 1, i + 1 + (auto[1] as string).length, out);
        i += auto[0].length;
        continue;
      }
      const tag = HTML_TAG.exec(rest);
      if (tag) {
        out.push(' ', i);
        i += tag[0].length;
        continue;
      }
    }
    if (char === '`') {
      // Code spans keep their text; only the backticks go.
      i += 1;
      continue;
    }
    if (char === '*' || char === '~' || char === '_') {
      let run = 1;
      while (text[i + run] === char && i + run < to) run += 1;
      const before = text[i - 1];
      const after = text[i + run];
      // `snake_case` and `2 * 3` are text; delimiters touch a word on one side only.
      const inWord = char === '_' && isWordChar(before) && isWordChar(after);
      const loose = isSpace(before) && isSpace(after);
      if (!inWord && !loose && (char !== '~' || run >= 2)) {
        i += run;
        continue;
      }
      for (let k = 0; k < run; k += 1) out.push(char, i + k);
      i += run;
      continue;
    }
    out.push(char, i);
    i += 1;
  }
}

/** The plain text of a Markdown description, with where each character came from. */
export function markdownToPlain(markdown: string): PlainText {
  const out = new Builder();
  let lineStart = 0;
  while (lineStart <= markdown.length) {
    const newline = markdown.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const line = markdown.slice(lineStart, lineEnd);
    if (!RULE_OR_FENCE.test(line) || line.trim() === '') {
      const prefix = (LINE_PREFIX.exec(line)?.[0] ?? '').length;
      inline(markdown, lineStart + prefix, lineEnd, out);
    }
    if (newline === -1) break;
    out.push(' ', newline);
    lineStart = newline + 1;
  }
  if (out.chars[out.chars.length - 1] === ' ') {
    out.chars.pop();
    out.source.pop();
  }
  return { text: out.chars.join(''), source: [...out.source, markdown.length] };
}

/** Markdown as one line of plain text, for cards and lists. */
export function plainDescription(markdown: string): string {
  return markdownToPlain(markdown).text;
}

/** Moves spans over the Markdown onto its plain text; spans over removed syntax disappear. */
export function rangesOnPlain(
  plain: PlainText,
  ranges: readonly { start: number; end: number }[] | undefined,
): { start: number; end: number }[] {
  if (!ranges) return [];
  const firstAtOrAfter = (at: number) => {
    let low = 0;
    let high = plain.source.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((plain.source[mid] as number) < at) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return ranges
    .map((range) => ({ start: firstAtOrAfter(range.start), end: firstAtOrAfter(range.end) }))
    .filter((range) => range.end > range.start);
}
