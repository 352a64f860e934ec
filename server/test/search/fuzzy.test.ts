import { describe, expect, it } from 'vitest';
import { forEachFuzzyMatch, sharedPrefixLengths } from '../../src/engines/search-index/fuzzy.js';

/** Optimal-string-alignment distance, the slow and obvious way. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

describe('typo-tolerant term lookup', () => {
  it('finds exactly the terms within the distance, as a brute-force comparison does', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () =>
      Array.from({ length: 2 + Math.floor(random() * 8) }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    const terms = [...new Set(Array.from({ length: 3000 }, word))].sort();
    for (let q = 0; q < 60; q++) {
      const query = word();
      for (const max of [1, 2]) {
        const found: [string, number][] = [];
        forEachFuzzyMatch(terms, sharedPrefixLengths(terms), query, max, (term, d) => found.push([term, d]));
        const expected = terms.map((t) => [t, distance(query, t)] as [string, number]).filter(([, d]) => d <= max);
        expect(found).toEqual(expected);
      }
    }
  });

  it('agrees with the brute-force comparison for long queries and terms that share long prefixes', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const letters = (length: number) => Array.from({ length }, () => 'abc'[Math.floor(random() * 3)]).join('');
    // Terms like joined pack ids: a common start, then anything (`comfyuiimpactpack`).
    const stems = ['', 'ab', 'abcab', 'cabbacab'];
    const terms = [
      ...new Set(
        Array.from(
          { length: 4000 },
          () => (stems[Math.floor(random() * stems.length)] as string) + letters(1 + Math.floor(random() * 24)),
        ),
      ),
    ].sort();
    for (let q = 0; q < 40; q++) {
      const query = letters(10 + Math.floor(random() * 21));
      for (const max of [1, 2]) {
        const found: [string, number][] = [];
        forEachFuzzyMatch(terms, sharedPrefixLengths(terms), query, max, (term, d) => found.push([term, d]));
        const expected = terms.map((t) => [t, distance(query, t)] as [string, number]).filter(([, d]) => d <= max);
        expect(found).toEqual(expected);
        // A slice of the list (the terms sharing the query's first letter, as the index asks).
        const first = query[0] as string;
        const range: [number, number] = [
          terms.findIndex((t) => t.startsWith(first)),
          terms.findLastIndex((t) => t.startsWith(first)) + 1,
        ];
        const inRange: [string, number][] = [];
        forEachFuzzyMatch(terms, sharedPrefixLengths(terms), query, max, (term, d) => inRange.push([term, d]), range);
        expect(inRange).toEqual(expected.filter(([t]) => t.startsWith(first)));
      }
    }
  });

  it('counts a swap of neighbouring letters as one typo', () => {
    const found: string[] = [];
    const terms = ['impact', 'imapct', 'other'].sort();
    forEachFuzzyMatch(terms, sharedPrefixLengths(terms), 'ipmact', 1, (term) => found.push(term));
    expect(found).toEqual(['impact']);
  });
});
