/** What the query generator needs to know of a pack. */
export interface QuerySource {
  id: string;
  name: string;
  description: string;
  repository: string;
  publisherId: string;
  comfyNodes: { name: string }[];
}

/** A small deterministic random source, so every run asks the same questions. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * `count` search texts as people type them, drawn from the catalogue itself: whole pack names
 * (25%), a word being typed (15%), a name with a typo (15%), a comfy-node class pasted from a
 * workflow (15%), two words of a description (10%), one or two letters (5%), a repository URL
 * (5%) and a pack id (10%).
 */
export function realisticQueries(packs: readonly QuerySource[], count: number, seed = 11): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const at = 1 + Math.floor(next() * (word.length - 2));
    return next() < 0.5
      ? word.slice(0, at) + word.slice(at + 1)
      : word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
  };
  const queries: string[] = [];
  while (queries.length < count) {
    const pack = pick(packs);
    const nameWords = words(pack.name);
    const roll = next();
    if (roll < 0.25) queries.push(next() < 0.5 ? pack.name : pack.name.toLowerCase());
    else if (roll < 0.4) {
      const word = nameWords.length > 0 ? pick(nameWords) : pack.id;
      queries.push(word.slice(0, Math.max(3, Math.ceil(word.length * next()))));
    } else if (roll < 0.55)
      queries.push(
        nameWords
          .slice(0, 2)
          .map((w, i) => (i === 0 ? typo(w) : w))
          .join(' ') || pack.id,
      );
    else if (roll < 0.7) queries.push(pack.comfyNodes.length > 0 ? pick(pack.comfyNodes).name : pack.id);
    else if (roll < 0.8) {
      const described = words(pack.description).filter((w) => w.length > 3);
      queries.push(described.length >= 2 ? `${pick(described)} ${pick(described)}` : pack.id);
    } else if (roll < 0.85) queries.push(pack.name.slice(0, 1 + Math.floor(next() * 2)));
    else if (roll < 0.9) queries.push(pack.repository || pack.id);
    else queries.push(pack.id);
  }
  return queries;
}

/**
 * The queries as `GET /nodes/search` paths, most as the web app's search box sends them, some
 * with a sort, a publisher or OS filter, or a second page, as people browse.
 */
export function searchPaths(queries: readonly string[], packs: readonly QuerySource[], seed = 12): string[] {
  const next = random(seed);
  return queries.map((text, i) => {
    const params = new URLSearchParams({ search: text, limit: '20' });
    const roll = next();
    if (roll < 0.05) params.set('sort', 'downloads');
    else if (roll < 0.08) params.set('publisher', (packs[i % packs.length] as QuerySource).publisherId);
    else if (roll < 0.1) params.set('supported_os', 'windows');
    else if (roll < 0.15) params.set('page', '2');
    return `/nodes/search?${params.toString()}`;
  });
}
