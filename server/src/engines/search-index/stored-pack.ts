import type { SearchDocument } from './document.js';
import { fold, isAscii } from './text/fold.js';
import { GENERIC_WORDS } from './text/generic-words.js';
import { scanParts } from './text/segment.js';

/** Which field a term came from, as bits of a posting. Lower bits rank higher. */
export const Field = {
  /** Pack id and name. */
  Title: 1,
  /** Comfy-node class and display names. */
  Classes: 2,
  /** Author, publisher, tags, repository path. */
  Meta: 4,
  Description: 8,
} as const;

/**
 * What the index keeps of a document after indexing it: only what highlights, filters and
 * answers need (the rest lives in the postings and the slot table), to keep 100,000 packs small.
 */
export interface StoredPack {
  id: string;
  /** Lower-cased id: the final, stable tie-break. */
  sortId: string;
  name: string;
  description: string;
  /** Lower-cased, for the publisher filter. */
  publisherId: string;
  normalizedRepository: string;
  /** Folded tags. */
  tags: string[];
  /** Comfy-node class names, and their display names ('' when none) at the same positions. */
  classNames: string[];
  displayNames: string[] | null;
  /**
   * For packs with many classes, every class's letters (`compoundKey` of its name and display
   * name, separated by a space), classes separated by a line break: highlighting tests a query's
   * terms against this once per hit instead of folding each of a big pack's hundreds of class
   * names on every search. Null for the usual few classes, folded when needed (memory: 15 MiB at
   * 100k packs if every pack kept one).
   */
  classLetters: string | null;
}

/** Packs with at least this many classes keep `classLetters`. */
const CLASS_LETTERS_FROM = 16;

/**
 * Returns one shared copy of equal strings. Every row read from the database brings its own copy
 * of each string; at 100k packs the 320k class names hold 141k distinct ones and their display
 * names 3.7k, and tags and publishers repeat likewise.
 */
export type Intern = (text: string) => string;

const asIs: Intern = (text) => text;

/** Derives the stored form of a document, sharing repeated strings through `intern`. */
export function storePack(doc: SearchDocument, intern: Intern = asIs): StoredPack {
  const displayNames = doc.comfyNodes.some((c) => c.displayName)
    ? doc.comfyNodes.map((c) => intern(c.displayName))
    : null;
  return {
    id: doc.id,
    sortId: doc.id.toLowerCase(),
    name: doc.name,
    description: doc.description.slice(0, MAX_STORED_DESCRIPTION),
    publisherId: intern(doc.publisherId.toLowerCase()),
    normalizedRepository: doc.normalizedRepository,
    tags: doc.tags.map((tag) => intern(fold(tag))),
    classNames: doc.comfyNodes.map((c) => intern(c.name)),
    displayNames,
    classLetters:
      doc.comfyNodes.length < CLASS_LETTERS_FROM
        ? null
        : doc.comfyNodes
            .map((c) => (c.displayName ? `${compoundKey(c.name)} ${compoundKey(c.displayName)}` : compoundKey(c.name)))
            .join('\n'),
  };
}

/** Keys a document is found under when a query names it whole (see the matcher's exact tiers). */
export function exactKeys(doc: SearchDocument): { title: string[]; short: string[]; classes: string[] } {
  const title = unique([compoundKey(doc.id), compoundKey(doc.name)]);
  return {
    title,
    short: unique([shortKey(doc.id), shortKey(doc.name)]).filter((key) => !title.includes(key)),
    classes: unique(doc.comfyNodes.map((c) => compoundKey(c.name))),
  };
}

/** Descriptions are indexed and highlighted this far. */
export const MAX_STORED_DESCRIPTION = 4000;

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
// The same for ASCII text, without the cost of Unicode property classes.
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/g;

/** Text reduced to its folded letters and digits, all separators dropped (`IP-Adapter` → `ipadapter`). */
export function compoundKey(text: string): string {
  if (isAscii(text)) return text.toLowerCase().replace(NOT_ASCII_LETTER_OR_DIGIT, '');
  return fold(text).replace(NOT_LETTER_OR_DIGIT, '');
}

/** Like `compoundKey`, without generic words; empty when nothing else is left. */
export function shortKey(text: string): string {
  let key = '';
  scanParts(text, (term) => {
    if (!GENERIC_WORDS.has(term)) key += term;
  });
  return key;
}

function unique(keys: string[]): string[] {
  return [...new Set(keys.filter(Boolean))];
}
