import { fold, isAscii } from './fold.js';

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

/** What separates a part from the one before it. */
export const Boundary = {
  /** Same run (`IP|Adapter`, or neighbouring CJK characters). */
  None: 0,
  /** New run in the same group (`IP-|Adapter`). */
  Run: 1,
  /** New group, after whitespace (or the first part of the text). */
  Group: 2,
} as const;
export type Boundary = (typeof Boundary)[keyof typeof Boundary];

/** Receives each part: folded (lower case, no accents), its span, its script, its boundary. */
export type PartVisitor = (term: string, start: number, end: number, cjk: boolean, boundary: Boundary) => void;

const WORD = /[\p{L}\p{N}\p{M}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{N}/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

const Space = 0;
const Punct = 1;
const Upper = 2;
const Lower = 3;
const Digit = 4;
const Mark = 5;
const Cjk = 6;

function classify(char: string, code: number): number {
  if (code < 128) {
    if (code >= 97 && code <= 122) return Lower;
    if (code >= 65 && code <= 90) return Upper;
    if (code >= 48 && code <= 57) return Digit;
    return code === 32 || (code >= 9 && code <= 13) ? Space : Punct;
  }
  if (SPACE.test(char)) return Space;
  if (!WORD.test(char)) return Punct;
  if (MARK.test(char)) return Mark;
  if (CJK.test(char)) return Cjk;
  if (DIGIT.test(char)) return Digit;
  return UPPER.test(char) ? Upper : Lower;
}

function classifyAt(text: string, i: number): number {
  const code = text.codePointAt(i);
  if (code === undefined) return Space;
  return classify(code > 0xffff ? text.slice(i, i + 2) : (text[i] as string), code);
}

/** Calls `visit` for every part of the text, in order. One pass, no intermediate objects. */
export function scanParts(text: string, visit: PartVisitor): void {
  let boundary: Boundary = Boundary.Group;
  let partStart = -1;
  let prevKind = Space;
  // Most texts are ASCII: folded once whole, each part is then a slice of it.
  const folded = isAscii(text) ? text.toLowerCase() : null;
  const closePart = (end: number) => {
    if (partStart >= 0 && end > partStart) {
      visit(folded ? folded.slice(partStart, end) : fold(text.slice(partStart, end)), partStart, end, false, boundary);
      boundary = Boundary.None;
    }
    partStart = -1;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const wide = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const width = wide ? 2 : 1;
    let kind = code < 128 ? classify('', code) : classifyAt(text, i);
    // A combining mark belongs to whatever letter it follows.
    if (kind === Mark) kind = prevKind === Space || prevKind === Punct ? Punct : Mark;

    if (kind === Space || kind === Punct) {
      closePart(i);
      if (kind === Space) boundary = Boundary.Group;
      else if (boundary === Boundary.None) boundary = Boundary.Run;
    } else if (kind === Cjk) {
      closePart(i);
      if (prevKind !== Cjk && boundary === Boundary.None) boundary = Boundary.Run;
      visit(fold(text.slice(i, i + width)), i, i + width, true, boundary);
      boundary = Boundary.None;
    } else if (kind !== Mark) {
      if (prevKind === Cjk && boundary === Boundary.None) boundary = Boundary.Run;
      if (partStart < 0) partStart = i;
      else if (isBoundary(prevKind, kind, text, i + width)) {
        closePart(i);
        partStart = i;
      }
    }
    if (kind !== Mark) prevKind = kind;
    i += width;
  }
  closePart(text.length);
}

/** Whether a new part starts at a character of kind `next` that follows one of kind `prev`. */
function isBoundary(prev: number, next: number, text: string, after: number): boolean {
  if (prev === Lower && next === Upper) return true;
  if ((prev === Digit) !== (next === Digit)) return true;
  // `IPAdapter`: the last capital of a capital run starts the next word when a lower-case follows.
  return prev === Upper && next === Upper && after < text.length && classifyAt(text, after) === Lower;
}

/** One piece of a word, with its span in the original text. */
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

/** `scanParts` as a tree of groups, runs and parts (for short texts such as queries). */
export function segment(text: string): Group[] {
  const groups: Group[] = [];
  let run: Run | null = null;
  scanParts(text, (term, start, end, cjk, boundary) => {
    if (boundary === Boundary.Group || groups.length === 0) groups.push({ runs: [] });
    if (boundary !== Boundary.None || !run || run.cjk !== cjk) {
      run = { parts: [], cjk, start, end };
      groups[groups.length - 1]?.runs.push(run);
    }
    run.parts.push({ term, start, end, cjk });
    run.end = end;
  });
  return groups;
}
