/** A publisher as the filter offers it. */
export interface PublisherChoice {
  id: string;
  name: string;
}

/** At most this many suggestions under the publisher filter. */
export const MAX_PUBLISHER_SUGGESTIONS = 8;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();

/**
 * Publishers whose display name or id contains the typed text (case and accents ignored), those
 * starting with it first, then by name; publishers already chosen and `excluded` ids left out.
 */
export function suggestPublishers(
  publishers: readonly PublisherChoice[],
  typed: string,
  chosen: readonly string[],
  excluded: (id: string) => boolean,
): PublisherChoice[] {
  const text = fold(typed);
  if (text === '') return [];
  const taken = new Set(chosen.map((id) => id.toLowerCase()));
  const scored: { publisher: PublisherChoice; starts: boolean }[] = [];
  for (const publisher of publishers) {
    if (taken.has(publisher.id.toLowerCase()) || excluded(publisher.id)) continue;
    const name = fold(publisher.name);
    const id = fold(publisher.id);
    if (!name.includes(text) && !id.includes(text)) continue;
    scored.push({ publisher, starts: name.startsWith(text) || id.startsWith(text) });
  }
  scored.sort(
    (a, b) =>
      Number(b.starts) - Number(a.starts) ||
      (a.publisher.name || a.publisher.id).localeCompare(b.publisher.name || b.publisher.id),
  );
  return scored.slice(0, MAX_PUBLISHER_SUGGESTIONS).map((s) => s.publisher);
}
