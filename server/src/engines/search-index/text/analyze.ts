import { GENERIC_WORDS } from './generic-words.js';
import { Boundary, type Part, scanParts, segment } from './segment.js';

/**
 * Receives each term of a text with the span of the original text it stands for; `joined` marks
 * two words joined across punctuation or a space (`IP-Adapter` → `ipadapter`).
 */
export type TermSink = (term: string, start: number, end: number, joined: boolean) => void;

export interface AnalyzeOptions {
  /**
   * Also join the last part of one word with the first part of the next (`IP Adapter` →
   * `ipadapter`). Worth it for short fields (names, class names), too costly for descriptions.
   */
  joinAcrossSpaces: boolean;
  /**
   * Also join whole neighbouring words, two or three, generic words included (`ComfyUI Impact
   * Pack` → `impactpack`, `comfyuiimpact`, `comfyuiimpactpack`; `AnimateDiff Evolved` →
   * `animatediffevolved`): people type a name's words run together. Only for pack ids and names,
   * where it adds a few terms per pack.
   */
  joinWords?: boolean;
}

/** At most this many neighbouring words are joined into one term (`joinWords`). */
const MAX_JOINED_WORDS = 3;

/** Terms longer than this are noise (hashes, base64) and are not indexed. */
export const MAX_TERM_LENGTH = 40;

/**
 * Every term a text is findable by: each part (`ip`, `adapter`), each multi-part run whole
 * (`ipadapter` from `IPAdapter`), adjacent parts joined (`ipadapter` from `IP-Adapter`), and for
 * Chinese, Japanese and Korean text each character and each pair of neighbouring characters.
 * The same term may be emitted more than once.
 */
export function analyze(text: string, options: AnalyzeOptions, sink: TermSink): void {
  const emit = (term: string, start: number, end: number, joined = false) => {
    if (term.length <= MAX_TERM_LENGTH) sink(term, start, end, joined);
  };
  // The previous Latin part (null after CJK), the previous CJK character, the current run's parts.
  let previous: Part | null = null;
  let previousCjk: Part | null = null;
  let run: Part[] = [];
  // The last few whole words (runs), for `joinWords`.
  let words: Part[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const word: Part = {
      term: run.map((p) => p.term).join(''),
      start: (run[0] as Part).start,
      end: (run[run.length - 1] as Part).end,
      cjk: false,
    };
    if (run.length > 2) emit(word.term, word.start, word.end);
    run = [];
    if (!options.joinWords) return;
    words.push(word);
    if (words.length > MAX_JOINED_WORDS) words.shift();
    for (let from = words.length - 2; from >= 0; from--) {
      const joined = words.slice(from);
      emit(joined.map((w) => w.term).join(''), (joined[0] as Part).start, word.end, true);
    }
  };
  scanParts(text, (term, start, end, cjk, boundary) => {
    if (boundary !== Boundary.None) endRun();
    emit(term, start, end);
    const part: Part = { term, start, end, cjk };
    if (cjk) {
      words = [];
      if (previousCjk && boundary === Boundary.None) emit(previousCjk.term + term, previousCjk.start, end);
      previousCjk = part;
      previous = null;
      return;
    }
    previousCjk = null;
    // Inside a run (`IPAdapter`) always; across punctuation (`IP-Adapter`) or, for short fields,
    // spaces (`IP Adapter`) unless one side is a generic word.
    if (
      previous &&
      (boundary === Boundary.None ||
        ((boundary === Boundary.Run || options.joinAcrossSpaces) && joinable(previous, part)))
    ) {
      emit(previous.term + term, previous.start, end, boundary !== Boundary.None);
    }
    previous = part;
    run.push(part);
  });
  endRun();
}

function joinable(a: Part, b: Part): boolean {
  return !GENERIC_WORDS.has(a.term) && !GENERIC_WORDS.has(b.term);
}

/** One word of a query: its parts must all match, or its compound must. */
export interface QueryWord {
  /** Folded parts (`ip`, `adapter`), or character pairs for Chinese, Japanese and Korean text. */
  parts: string[];
  /** The parts joined (`ipadapter`), when there are several Latin-script parts; else null. */
  compound: string | null;
  /** Whether the word is written in Chinese, Japanese or Korean characters. */
  cjk: boolean;
}

/**
 * Splits a query into words the index can answer. `IP-Adapter` and `IPAdapter` both become parts
 * `ip`, `adapter` with compound `ipadapter`; `中文版` becomes the pairs `中文`, `文版`.
 */
export function planQueryWords(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const group of segment(text)) {
    let latin: string[] = [];
    const flushLatin = () => {
      if (latin.length === 0) return;
      const parts = latin.filter((p) => p.length <= MAX_TERM_LENGTH);
      const compound = latin.length > 1 ? latin.join('') : null;
      words.push({ parts, compound: compound && compound.length <= MAX_TERM_LENGTH ? compound : null, cjk: false });
      latin = [];
    };
    for (const run of group.runs) {
      if (!run.cjk) {
        latin.push(...run.parts.map((p) => p.term));
        continue;
      }
      flushLatin();
      const chars = run.parts.map((p) => p.term);
      const pairs = chars.length === 1 ? chars : chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
      words.push({ parts: pairs, compound: null, cjk: true });
    }
    flushLatin();
  }
  return words.filter((w) => w.parts.length > 0 || w.compound !== null);
}
