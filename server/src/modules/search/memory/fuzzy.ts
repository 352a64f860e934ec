/**
 * Finds the terms of a sorted list within `maxDistance` edits of `query` (insert, delete,
 * substitute, or swap two neighbours: the optimal-string-alignment distance). It walks the list
 * like a trie: one edit-distance row per character of the current term, reusing rows for the
 * prefix it shares with the previous term, and skipping every term under a prefix as soon as no
 * extension of that prefix can come within `maxDistance`. Cost grows with the number of prefixes
 * close to the query, not with the size of the list. `range` limits the walk to a slice of the
 * list (terms sharing a first letter, say).
 */
export function forEachFuzzyMatch(
  terms: readonly string[],
  query: string,
  maxDistance: number,
  visit: (term: string, distance: number) => void,
  range: readonly [number, number] = [0, terms.length],
): void {
  const width = query.length + 1;
  const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
  let previous = '';
  // Rows 0..valid describe prefixes of `previous`.
  let valid = 0;
  let i = range[0];
  const end = range[1];
  while (i < end) {
    const term = terms[i] as string;
    let depth = Math.min(valid, sharedPrefixLength(previous, term));
    let pruned = false;
    while (depth < term.length) {
      depth += 1;
      const rowMin = computeRow(rows, depth, term, query);
      if (rowMin > maxDistance) {
        pruned = true;
        break;
      }
    }
    previous = term;
    valid = depth;
    if (pruned) {
      i = skipSharedPrefix(terms, term, depth, i + 1, end);
      continue;
    }
    const distance = (rows[term.length] as Int32Array)[query.length] as number;
    if (distance <= maxDistance) visit(term, distance);
    i += 1;
  }
}

/** Fills row `depth` (the term's first `depth` characters against the query); returns its minimum. */
function computeRow(rows: Int32Array[], depth: number, term: string, query: string): number {
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
  row[0] = depth;
  let min = depth;
  for (let j = 1; j < width; j++) {
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

/**
 * The first index from `from` whose term does not start with `term`'s first `depth` characters.
 * Subtrees are mostly small, so it gallops forward before searching, and allocates nothing.
 */
function skipSharedPrefix(terms: readonly string[], term: string, depth: number, from: number, end: number): number {
  const inside = (i: number) => sharedPrefixLength(term, terms[i] as string) >= depth;
  if (from >= end || !inside(from)) return from;
  let low = from;
  let step = 1;
  while (low + step < end && inside(low + step)) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, end);
  // terms[low] is inside, terms[high] (if < end) is not.
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (inside(mid)) low = mid;
    else high = mid;
  }
  return high;
}

function sharedPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
