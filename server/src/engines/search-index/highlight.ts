import type { HighlightTerms } from './expand.js';
import type { HitMatch, TextRange } from './query.js';
import { compoundKey, Field, type StoredPack } from './stored-pack.js';
import { type AnalyzeOptions, analyze } from './text/analyze.js';

/** At most this many spans per field and classes per hit: enough to show, small on the wire. */
const MAX_RANGES = 32;
const MAX_CLASSES = 10;
const CLASS_TEXT: AnalyzeOptions = { joinAcrossSpaces: true };

/**
 * Why a pack matched, for display: spans of `name` and `description` to mark, and the comfy-node
 * classes that matched (an exact class-name match first). Spans are offsets, never markup, so
 * the client escapes text as usual and nothing from a pack's text can inject HTML.
 *
 * `fieldsOf(word)` says in which fields (`Field` bits) the pack holds a whole word, as its
 * postings do: a field that holds none of the matched words and has no typed prefix to complete
 * is not searched for spans. Without that test, a two-letter word of the query (`ui` of
 * `ComfyUI`) sent most of a big pack's class names through the analyser for nothing.
 */
export function highlightPack(
  pack: StoredPack,
  terms: HighlightTerms,
  queryKey: string,
  fieldsOf: (word: string) => number,
): HitMatch {
  const prefixes = terms.prefixes.filter((p) => !p.titleOnly);
  const inField = (field: number): HighlightTerms | null => {
    const words = new Set([...terms.words].filter((word) => (fieldsOf(word) & field) !== 0));
    return words.size === 0 && prefixes.length === 0 ? null : { words, prefixes };
  };
  const classTerms = pack.classNames.length === 0 ? null : inField(Field.Classes);
  const descriptionTerms = inField(Field.Description);
  const matched = classTerms ? matchedClasses(pack, classTerms, queryKey) : [];
  matched.sort((a, b) => Number(b.exact) - Number(a.exact));
  return {
    name: spans(pack.name, terms, { joinAcrossSpaces: true, joinWords: true }, false),
    description: descriptionTerms ? spans(pack.description, descriptionTerms, { joinAcrossSpaces: false }, true) : [],
    comfyNodes: matched.slice(0, MAX_CLASSES).map(({ name, ranges }) => ({ name, ranges })),
    comfyNodesMatched: matched.length,
    comfyNodesTotal: pack.classNames.length,
  };
}

/** The pack's classes whose name or display name holds one of the terms, with the name's spans. */
function matchedClasses(
  pack: StoredPack,
  terms: HighlightTerms,
  queryKey: string,
): { name: string; ranges: TextRange[]; exact: boolean }[] {
  const matched: { name: string; ranges: TextRange[]; exact: boolean }[] = [];
  const candidates = pack.classLetters === null ? null : classesHolding(pack.classLetters, terms);
  const { classNames, displayNames } = pack;
  const count = candidates === null ? classNames.length : candidates.length;
  for (let k = 0; k < count; k++) {
    const i = candidates === null ? k : (candidates[k] as number);
    const name = classNames[i] as string;
    const displayName = displayNames?.[i] ?? '';
    const ranges = spans(name, terms, CLASS_TEXT, true);
    if (ranges.length === 0 && !(displayName && spans(displayName, terms, CLASS_TEXT, true).length > 0)) continue;
    matched.push({ name, ranges, exact: compoundKey(name) === queryKey });
  }
  return matched;
}

/**
 * Positions (in class order) of the classes whose letters hold one of the terms. A big pack keeps
 * all its classes' letters in one string, a class a line, so each term is looked for with one
 * native search through it rather than one test per class and term.
 */
function classesHolding(letters: string, terms: HighlightTerms): number[] {
  const hits: number[] = [];
  const find = (term: string) => {
    for (let at = letters.indexOf(term); at >= 0; at = letters.indexOf(term, at + 1)) hits.push(at);
  };
  for (const word of terms.words) find(word);
  for (const { prefix, titleOnly } of terms.prefixes) if (!titleOnly) find(prefix);
  if (hits.length === 0) return hits;
  hits.sort((a, b) => a - b);
  // Turn text positions into class positions by counting the line breaks before each.
  const classes: number[] = [];
  let line = 0;
  let lineEnd = letters.indexOf('\n');
  for (const at of hits) {
    while (lineEnd >= 0 && lineEnd < at) {
      line += 1;
      lineEnd = letters.indexOf('\n', lineEnd + 1);
    }
    if (classes[classes.length - 1] !== line) classes.push(line);
  }
  return classes;
}

/** Sorted, merged spans of `text` whose terms matched. */
function spans(text: string, terms: HighlightTerms, options: AnalyzeOptions, skipTitleOnly: boolean): TextRange[] {
  if (!couldMatch(text, terms, skipTitleOnly)) return [];
  const found: TextRange[] = [];
  analyze(text, options, (term, start, end, joined) => {
    if (terms.words.has(term)) {
      if (joined) pushWords(text, start, end, found);
      else found.push({ start, end });
      return;
    }
    // Two words joined (`number 19`) complete a prefix only through their first word, which is
    // marked on its own.
    if (joined) return;
    let typed = 0;
    for (const { prefix, titleOnly } of terms.prefixes) {
      if (term.startsWith(prefix) && !(skipTitleOnly && titleOnly)) typed = Math.max(typed, prefix.length);
    }
    if (typed === 0) return;
    // A completion marks only what was typed, when folding did not change the word's length.
    found.push({ start, end: end - start === term.length ? start + typed : end });
  });
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextRange[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged.slice(0, MAX_RANGES);
}

/** Spans of the words between `start` and `end`: words joined across spaces are marked word by word. */
function pushWords(text: string, start: number, end: number, found: TextRange[]): void {
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i < end && !/\s/.test(text[i] as string)) continue;
    if (i > from) found.push({ start: from, end: i });
    from = i + 1;
  }
}

/**
 * A cheap test before splitting a text into terms: every matched term is a run of the text's
 * folded letters and digits, so a text whose letters contain none of them cannot match. Most of
 * a pack's texts fail it.
 */
function couldMatch(text: string, terms: HighlightTerms, skipTitleOnly: boolean): boolean {
  const letters = compoundKey(text);
  for (const word of terms.words) if (letters.includes(word)) return true;
  for (const { prefix, titleOnly } of terms.prefixes) {
    if (!(skipTitleOnly && titleOnly) && letters.includes(prefix)) return true;
  }
  return false;
}
