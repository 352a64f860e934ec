import type { components } from '../../../api/schema.gen';

type Suggestion = components['schemas']['SearchSuggestion'];

/** One line of the search box's list: a past search of this browser, or one of the server's suggestions. */
export interface BoxOption {
  id: string;
  text: string;
  kind: 'recent' | Suggestion['kind'];
  nodeId?: string | undefined;
}

/** The server's suggestions shown at most under the past searches. */
const MAX_SERVER_OPTIONS = 8;

/**
 * The list under the search box: this browser's past searches that start with the text (all of
 * them when nothing is typed), then the server's suggestions for the settled text (popular
 * searches, comfy-node classes, pack names) that do not repeat a past search.
 */
export function boxOptions(
  idPrefix: string,
  value: string,
  typed: string,
  recent: readonly string[],
  suggestions: readonly Suggestion[],
): BoxOption[] {
  const start = value.trim().toLowerCase();
  const fromRecent: BoxOption[] = recent
    .filter((item) => start === '' || item.toLowerCase().startsWith(start))
    .map((text, index) => ({ id: `${idPrefix}-r${index}`, text, kind: 'recent' }));
  if (typed === '') return fromRecent;
  const seen = new Set(fromRecent.map((option) => option.text.toLowerCase()));
  const fromServer: BoxOption[] = suggestions
    .filter((s) => !seen.has(s.text.toLowerCase()))
    .slice(0, MAX_SERVER_OPTIONS)
    .map((s, index) => ({ id: `${idPrefix}-s${index}`, text: s.text, kind: s.kind, nodeId: s.node_id }));
  return [...fromRecent, ...fromServer];
}
