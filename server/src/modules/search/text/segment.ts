import { fold } from './fold.js';

/**
 * Splits text into what search treats as words, keeping where each piece sits in the original
 * string (UTF-16 offsets, so the web app can slice the very string it received).
 *
 * - A *group* is a whitespace-separated chunk: `IP-Adapter`, `(Efficient)`, `sd1.5`.
 * - A *run* is a stretch of letters and digits inside a group; punctuation separates runs.
 * - A *part* is a piece of a run split at case and digit changes: `IPAdapter` → `IP` `Adapter`,
 *   `ComfyUI` → `Comfy` `UI`, `sdxl2` → `sdxl` `2`. Chinese, Japanese and Korean runs become one
 *   part per character, since those scripts do not mark word boundaries.
 */

/** One piece of a word, folded (lower case, no accents), with its span in the original text. */
export interface Part {
  term: string;
  start: number;
  end: number;
  cjk: boolean;
}

/** A run of letters and digits: its parts in order. */
export interface Run {
  parts: Part[];
  cjk: boolean;
  start: number;
  end: number;
}

/** A whitespace-separated chunk of text. */
export interface Group {
  runs: Run[];
}

const WORD = /[\p{L}\p{N}\p{M}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{N}/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

enum Kind {
  Space = 0,
  Punct = 1,
  Upper = 2,
  Lower = 3,
  Digit = 4,
  Mark = 5,
  Cjk = 6,
}

function classify(char: string, code: number): Kind {
  if (code < 128) {
    if (code >= 97 && code <= 122) return Kind.Lower;
    if (code >= 65 && code <= 90) return Kind.Upper;
    if (code >= 48 && code <= 57) return Kind.Digit;
    return code === 32 || (code >= 9 && code <= 13) ? Kind.Space : Kind.Punct;
  }
  if (SPACE.test(char)) return Kind.Space;
  if (!WORD.test(char)) return Kind.Punct;
  if (MARK.test(char)) return Kind.Mark;
  if (CJK.test(char)) return Kind.Cjk;
  if (DIGIT.test(char)) return Kind.Digit;
  return UPPER.test(char) ? Kind.Upper : Kind.Lower;
}

/** Splits text into groups, runs and parts (see the module comment). */
export function segment(text: string): Group[] {
  const groups: Group[] = [];
  let group: Group | null = null;
  let run: Run | null = null;
  // Current part under construction (non-CJK runs only).
  let partStart = -1;
  let prevKind = Kind.Space;

  const closePart = (end: number) => {
    if (run && partStart >= 0 && end > partStart) {
      run.parts.push({ term: fold(text.slice(partStart, end)), start: partStart, end, cjk: false });
    }
    partStart = -1;
  };
  const closeRun = (end: number) => {
    if (!run) return;
    if (!run.cjk) closePart(end);
    run.end = end;
    if (run.parts.length > 0) group?.runs.push(run);
    run = null;
  };

  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    const char = width === 1 ? (text[i] ?? '') : text.slice(i, i + 2);
    let kind = classify(char, code);
    // A combining mark belongs to whatever letter it follows.
    if (kind === Kind.Mark) kind = prevKind === Kind.Space || prevKind === Kind.Punct ? Kind.Punct : Kind.Mark;

    if (kind === Kind.Space || kind === Kind.Punct) {
      closeRun(i);
      if (kind === Kind.Space) group = null;
    } else {
      if (!group) {
        group = { runs: [] };
        groups.push(group);
      }
      const isCjk = kind === Kind.Cjk;
      if (run && run.cjk !== isCjk) closeRun(i);
      if (!run) {
        run = { parts: [], cjk: isCjk, start: i, end: i };
        if (!isCjk) partStart = i;
      }
      if (isCjk) {
        run.parts.push({ term: fold(char), start: i, end: i + width, cjk: true });
      } else if (kind !== Kind.Mark && partStart < i && isBoundary(prevKind, kind, text, i + width)) {
        closePart(i);
        partStart = i;
      }
    }
    prevKind = kind === Kind.Mark ? prevKind : kind;
    i += width;
  }
  closeRun(text.length);
  return groups.filter((g) => g.runs.length > 0);
}

/** Whether a new part starts at a character of kind `next` that follows one of kind `prev`. */
function isBoundary(prev: Kind, next: Kind, text: string, after: number): boolean {
  if (prev === Kind.Lower && next === Kind.Upper) return true;
  if ((prev === Kind.Digit) !== (next === Kind.Digit)) return true;
  if (prev === Kind.Upper && next === Kind.Upper) {
    // `IPAdapter`: the last capital of a capital run starts the next word when a lower-case follows.
    const following = text.codePointAt(after);
    if (following === undefined) return false;
    const char = String.fromCodePoint(following);
    return classify(char, following) === Kind.Lower;
  }
  return false;
}
