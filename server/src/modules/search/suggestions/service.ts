import type { SuggestionJson } from '../schemas.js';
import type { SearchServices } from '../service.js';

/** How many suggestions an answer holds at most. */
export const MAX_SUGGESTIONS = 6;
/** Typed text beyond this is not looked at. */
const MAX_TYPED = 100;

/**
 * Completions for a search box: popular searches starting with the typed text (up to half the
 * list, most made first), then pack names matching it as typed, then more of either. Without
 * text: the most popular searches. Text with no letter or digit gets nothing.
 */
export async function suggestSearches(services: SearchServices, typed: string): Promise<SuggestionJson[]> {
  const text = typed.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_TYPED);
  if (text !== '' && !/[\p{L}\p{N}]/u.test(text)) return [];
  const [popular, packs] = await Promise.all([
    services.popular.complete(text, MAX_SUGGESTIONS),
    text === '' ? Promise.resolve([]) : services.engine.suggestPacks(text, MAX_SUGGESTIONS),
  ]);
  const fromQueries: SuggestionJson[] = popular.map((query) => ({ text: query, kind: 'query' }));
  const fromPacks: SuggestionJson[] = packs.map((p) => ({ text: p.name, kind: 'pack', node_id: p.id }));
  const half = Math.ceil(MAX_SUGGESTIONS / 2);
  const ordered = [...fromQueries.slice(0, half), ...fromPacks, ...fromQueries.slice(half)];
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
