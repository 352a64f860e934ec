/**
 * Finds the terms of a sorted list within `maxDistance` edits of `query` (insert, delete,
 * substitute, or swap two neighbours: the optimal-string-alignment distance). It walks the list
 * like a trie: one edit-distance row per character of the current term, reusing rows for the
 * prefix it shares with the previous term, and skipping every term under a prefix as soon as no
 * extension of that prefix can come within `maxDistance`. Cost grows with the number of prefixes
 * close to the query, not with the size of the list. `range` limits the walk to a slice of the
 * list (terms sharing a first letter, say).
 *
 * `shared[i]` is how many leading characters `terms[i]` shares with `terms[i - 1]` (see
 * `sharedPrefixLengths`): skipping a prefix's terms is then a scan of small numbers instead of
 * string comparisons, which cost more than the rows themselves when thousands of terms start
 * alike (6,000 of 111,000 terms of the real catalogue start with `comfyui`).
 *
 * Only the cells within `maxDistance` of a row's diagonal are computed: any other alignment
 * already needs more edits than allowed. A joined query of 30 letters with 2 typos fills 5 cells a
 * row instead of 31.
 */
export function forEachFuzzyMatch(
  terms: readonly string[],
  shared: Uint8Array,
  query: string,
  maxDistance: number,
  visit: (term: string, distance: number) => void,
  range: readonly [number, number] = [0, terms.length],
): void {
  const width = query.length + 1;
  const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
  // Rows 0..valid describe prefixes of the term last walked, which shares `common` characters with terms[i].
  let valid = 0;
  let common = 0;
  let i = range[0];
  const end = range[1];
  while (i < end) {
    const term = terms[i] as string;
    let depth = Math.min(valid, common);
    let pruned = false;
    while (depth < term.length) {
      depth += 1;
      const rowMin = computeRow(rows, depth, term, query, maxDistance);
      if (rowMin > maxDistance) {
        pruned = true;
        break;
      }
    }
    valid = depth;
    i += 1;
    if (pruned) {
      // Every following term that starts with the term's first `depth` characters is out of reach.
      while (i < end && (shared[i] as number) >= depth) i += 1;
    } else if (Math.abs(term.length - query.length) <= maxDistance) {
      // (Outside the band the last row holds no value for the whole query: too far apart in length.)
      const distance = (rows[term.length] as Int32Array)[query.length] as number;
      if (distance <= maxDistance) visit(term, distance);
    }
    common = i < end ? (shared[i] as number) : 0;
  }
}

/**
 * For a sorted list, how many leading characters each term shares with the one before it (the
 * first: 0), capped at 255 (terms are far shorter).
 */
export function sharedPrefixLengths(terms: readonly string[]): Uint8Array {
  const shared = new Uint8Array(terms.length);
  for (let i = 1; i < terms.length; i++) shared[i] = cappedSharedPrefix(terms[i - 1] as string, terms[i] as string);
  return shared;
}

/** One entry of `sharedPrefixLengths`: the leading characters `a` and `b` share, at most 255. */
export function cappedSharedPrefix(a: string, b: string): number {
  return Math.min(255, sharedPrefixLength(a, b));
}

/**
 * Fills row `depth` (the term's first `depth` characters against the query) within the band
 * `depth ± maxDistance`; returns its minimum. The cells just outside the band are set to
 * `maxDistance + 1`, a lower bound of their true value: whatever is built on them stays above
 * `maxDistance`, and every value within it comes out exact.
 */
function computeRow(rows: Int32Array[], depth: number, term: string, query: string, maxDistance: number): number {
  const width = query.length + 1;
  let row = rows[depth];
  if (!row) {
    row = new Int32Array(width);
    rows[depth] = row;
  }
  const above = rows[depth - 1] as Int32Array;
  const twoAbove = depth >= 2 ? rows[depth - 2] : undefined;
  const char = term.charCodeAt(depth - 1);
  const previousChar = depth >= 2 ? term.charCodeAt(depth - 2) : -1;
  const outside = maxDistance + 1;
  const low = Math.max(1, depth - maxDistance);
  const high = Math.min(width - 1, depth + maxDistance);
  row[0] = depth;
  if (low > 1 && low - 1 < width) row[low - 1] = outside;
  if (high + 1 < width) row[high + 1] = outside;
  let min = low > 1 ? outside : depth;
  for (let j = low; j <= high; j++) {
    const queryChar = query.charCodeAt(j - 1);
    const cost = queryChar === char ? 0 : 1;
    let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
    if (twoAbove && j >= 2 && char === query.charCodeAt(j - 2) && previousChar === queryChar) {
      best = Math.min(best, (twoAbove[j - 2] as number) + 1);
    }
    row[j] = best;
    if (best < min) min = best;
  }
  return min;
}

function sharedPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
