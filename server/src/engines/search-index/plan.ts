import { normalizeRepositoryUrl } from '../../lib/repository-url.js';
import { compoundKey, shortKey } from './stored-pack.js';
import { MAX_TERM_LENGTH, planQueryWords, type QueryWord } from './text/analyze.js';

/** At most this many query words count; the rest of a very long query is ignored. */
const MAX_WORDS = 8;
/** At most this many parts (all words together) are matched one by one. */
export const MAX_UNITS = 16;

/** A query turned into what the matcher evaluates. */
export interface QueryPlan {
  words: QueryWord[];
  /** All Latin parts joined when the query has 2–3 words (`ip adapter` → `ipadapter`), else null. */
  joined: string | null;
  /**
   * Neighbouring Latin words joined, for queries of 3 or more words (`lora stack tools` →
   * `lorastack` of words 0–1, `stacktools` of 1–2): a name may write as one word what the query
   * splits. Two-word queries have `joined` instead.
   */
  pairs: { term: string; first: number }[];
  /** The whole query as one run of folded letters: equal to a pack's id or name = exact match. */
  key: string;
  /** The same without generic words ("comfyui", "nodes", "pack"). */
  shortKey: string;
  /** The query as typed, trimmed: equal to a class name when pasted from a workflow. */
  raw: string;
  /** The repository the query names, when it is a repository URL. */
  repository: string | null;
}

// `https://github.com/owner/repo`, `github.com/owner/repo`, `www.gitlab.com/...`
const REPOSITORY_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S+$/i;
const HOST = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?[^/]+\//i;

/** Plans a query text (already cut to the maximum length). Null when nothing in it is searchable. */
export function planQuery(text: string): QueryPlan | null {
  let repository: string | null = null;
  // A repository URL is searched for by its path; its host would match nothing useful.
  const searchable = text
    .trim()
    .split(/\s+/)
    .map((chunk) => {
      if (!REPOSITORY_URL.test(chunk)) return chunk;
      repository ??= normalizeRepositoryUrl(chunk);
      return chunk.replace(HOST, '');
    })
    .join(' ');
  const words: QueryWord[] = [];
  let units = 0;
  for (const word of planQueryWords(searchable).slice(0, MAX_WORDS)) {
    if (units >= MAX_UNITS) break;
    const parts = word.parts.slice(0, MAX_UNITS - units);
    units += parts.length;
    words.push({ ...word, parts });
  }
  if (words.length === 0) return null;
  const latin = words.filter((w) => !w.cjk);
  const joined =
    words.length >= 2 && words.length <= 3 && latin.length === words.length
      ? latin.map((w) => w.compound ?? w.parts.join('')).join('')
      : null;
  const whole = (w: QueryWord) => (w.cjk ? null : (w.compound ?? w.parts.join('')));
  const pairs: QueryPlan['pairs'] = [];
  if (words.length >= 3) {
    for (let first = 0; first + 1 < words.length; first++) {
      const a = whole(words[first] as QueryWord);
      const b = whole(words[first + 1] as QueryWord);
      if (a && b && a.length + b.length <= MAX_TERM_LENGTH) pairs.push({ term: a + b, first });
    }
  }
  return {
    words,
    joined: joined && joined.length <= MAX_TERM_LENGTH ? joined : null,
    pairs,
    key: compoundKey(searchable),
    shortKey: shortKey(searchable),
    raw: text.trim(),
    repository,
  };
}
