import { describe, expect, it } from 'vitest';
import { sharedPrefixLengths } from '../../src/engines/search-index/fuzzy.js';
import { SortedTerms } from '../../src/engines/search-index/sorted-terms.js';

describe('the sorted vocabulary', () => {
  it('keeps each term next to its list and knows the prefix it shares with the term before, as terms keep coming', () => {
    const terms = new SortedTerms();
    const lists = new Map<string, number>();
    let seed = 3;
    const letter = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return 'abcd'[Math.floor((seed / 2147483648) * 4)] as string;
    };
    const word = () => Array.from({ length: 1 + (seed % 9) }, letter).join('');
    for (let round = 0; round < 30; round++) {
      // A few terms at a time (an edit) and many (a first build), into a vocabulary of any size.
      for (let n = 0; n < (round % 4 === 0 ? 200 : 1 + (round % 5)); n++) {
        const term = word();
        if (lists.has(term)) continue;
        lists.set(term, lists.size);
        terms.add(term, lists.get(term) as number);
      }
      // Asked for on some rounds only: merges then start with and without shared prefixes known.
      if (round % 3 !== 1) expect(terms.shared()).toEqual(sharedPrefixLengths(terms.all()));
      const all = terms.all();
      expect([...all]).toEqual([...lists.keys()].sort());
      expect(Array.from(terms.lists())).toEqual(all.map((term) => lists.get(term)));
    }
  });
});
