import type { SuggestionJson } from '../schemas.js';
import type { SearchServices } from '../service.js';

/** How many suggestions an answer holds at most. */
export const MAX_SUGGESTIONS = 6;
/** Typed text beyond this is not looked at. */
const MAX_TYPED = 100;

/** How many packs are asked for the comfy-node classes matching the text. */
const CLASS_PACKS = 4;

/**
 * Comfy-node classes (of public packs) whose name holds every typed word, from the packs whose
 * classes match the text best: a search then lists the packs that provide the class.
 */
async function suggestClasses(services: SearchServices, text: string): Promise<SuggestionJson[]> {
  const words = text.split(' ').filter(Boolean);
  const page = await services.engine.search({
    text: '',
    comfyNodeText: text,
    repositoryText: '',
    publisherIds: [],
    tags: [],
    os: [],
    accelerators: [],
    includeBanned: false,
    sort: 'relevance',
    offset: 0,
    limit: CLASS_PACKS,
  });
  const found: SuggestionJson[] = [];
  for (const hit of page.hits) {
    for (const comfyNode of hit.match?.comfyNodes ?? []) {
      const name = comfyNode.name.toLowerCase();
      // The match may be fuzzy (a typo forgiven); a completion holds what was typed.
      if (words.every((word) => name.includes(word)))
        found.push({ text: comfyNode.name, kind: 'class', node_id: hit.id });
    }
  }
  return found;
}

/**
 * Completions for a search box: popular searches starting with the typed text (up to half the
 * list, most made first), then comfy-node classes holding it (up to two), then pack names
 * matching it as typed, then more of any. Without text: the most popular searches. Text with no
 * letter or digit gets nothing.
 */
export async function suggestSearches(services: SearchServices, typed: string): Promise<SuggestionJson[]> {
  const text = typed.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_TYPED);
  if (text !== '' && !/[\p{L}\p{N}]/u.test(text)) return [];
  const [popular, packs, fromClasses] = await Promise.all([
    services.popular.complete(text, MAX_SUGGESTIONS),
    text === '' ? Promise.resolve([]) : services.engine.suggestPacks(text, MAX_SUGGESTIONS),
    text === '' ? Promise.resolve([]) : suggestClasses(services, text),
  ]);
  const fromQueries: SuggestionJson[] = popular.map((query) => ({ text: query, kind: 'query' }));
  const fromPacks: SuggestionJson[] = packs.map((p) => ({ text: p.name, kind: 'pack', node_id: p.id }));
  const half = Math.ceil(MAX_SUGGESTIONS / 2);
  const ordered = [
    ...fromQueries.slice(0, half),
    ...fromClasses.slice(0, 2),
    ...fromPacks,
    ...fromQueries.slice(half),
    ...fromClasses.slice(2),
  ];
  const seen = new Set<string>();
  const chosen: SuggestionJson[] = [];
  for (const suggestion of ordered) {
    const key = suggestion.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(suggestion);
    if (chosen.length === MAX_SUGGESTIONS) break;
  }
  return chosen;
}
