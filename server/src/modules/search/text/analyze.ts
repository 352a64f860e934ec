import { GENERIC_WORDS } from './generic-words.js';
import { type Group, type Part, segment } from './segment.js';

/** Receives each term of a text with the span of the original text it stands for. */
export type TermSink = (term: string, start: number, end: number) => void;

export interface AnalyzeOptions {
  /**
   * Also join the last part of one word with the first part of the next (`IP Adapter` →
   * `ipadapter`). Worth it for short fields (names, class names), too costly for descriptions.
   */
  joinAcrossSpaces: boolean;
}

/** Terms longer than this are noise (hashes, base64) and are not indexed. */
export const MAX_TERM_LENGTH = 40;

/**
 * Every term a text is findable by: each part (`ip`, `adapter`), each multi-part run whole
 * (`ipadapter` from `IPAdapter`), adjacent parts joined (`ipadapter` from `IP-Adapter`), and for
 * Chinese, Japanese and Korean text each character and each pair of neighbouring characters.
 * The same term may be emitted more than once.
 */
export function analyze(text: string, options: AnalyzeOptions, sink: TermSink): void {
  analyzeGroups(segment(text), options, sink);
}

/** `analyze` over already segmented text. */
export function analyzeGroups(groups: Group[], options: AnalyzeOptions, sink: TermSink): void {
  const emit = (term: string, start: number, end: number) => {
    if (term.length <= MAX_TERM_LENGTH) sink(term, start, end);
  };
  let previousLast: Part | null = null;
  for (const group of groups) {
    let previous: Part | null = null;
    let first: Part | null = null;
    for (const run of group.runs) {
      const parts = run.parts;
      if (run.cjk) {
        for (let i = 0; i < parts.length; i++) {
          const part = parts[i] as Part;
          emit(part.term, part.start, part.end);
          const next = parts[i + 1];
          if (next) emit(part.term + next.term, part.start, next.end);
        }
        previous = null;
        continue;
      }
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i] as Part;
        emit(part.term, part.start, part.end);
        // Inside a run (`IPAdapter`) always; across punctuation (`IP-Adapter`) unless generic.
        if (previous && (i > 0 || joinable(previous, part))) emit(previous.term + part.term, previous.start, part.end);
        previous = part;
        first ??= part;
      }
      if (parts.length > 2) emit(parts.map((p) => p.term).join(''), run.start, run.end);
    }
    if (options.joinAcrossSpaces && previousLast && first && joinable(previousLast, first)) {
      emit(previousLast.term + first.term, previousLast.start, first.end);
    }
    previousLast = previous;
  }
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
