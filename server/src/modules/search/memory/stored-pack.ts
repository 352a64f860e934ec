import type { SearchDocument } from '../document.js';
import { fold } from '../text/fold.js';
import { GENERIC_WORDS } from '../text/generic-words.js';
import { scanParts } from '../text/segment.js';

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

/** A document with everything search derives from it once, at indexing time. */
export interface StoredPack {
  doc: SearchDocument;
  /** Lower-cased id: the final, stable tie-break. */
  sortId: string;
  /** Id and name as one run of folded letters (`comfyuiimpactpack`): an exact-name query equals one. */
  titleKeys: string[];
  /** The same without generic words (`impact`). */
  shortKeys: string[];
  /** Each comfy-node class name as one run of folded letters. */
  classKeys: Set<string>;
  /** Folded tags. */
  tags: Set<string>;
}

/** Derives the stored form of a document. */
export function storePack(doc: SearchDocument): StoredPack {
  const titleKeys = unique([compoundKey(doc.id), compoundKey(doc.name)]);
  const shortKeys = unique([shortKey(doc.id), shortKey(doc.name)]);
  return {
    doc,
    sortId: doc.id.toLowerCase(),
    titleKeys,
    shortKeys,
    classKeys: new Set(doc.comfyNodes.map((c) => compoundKey(c.name)).filter(Boolean)),
    tags: new Set(doc.tags.map(fold)),
  };
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Text reduced to its folded letters and digits, all separators dropped (`IP-Adapter` → `ipadapter`). */
export function compoundKey(text: string): string {
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
