import { describe, expect, it } from 'vitest';
import { grow, growable, release } from '../../src/engines/search-index/growable.js';

describe('growable typed arrays (the search index)', () => {
  it('grow in place, keeping what they hold, and give their memory back when released', () => {
    const array = growable(Int32Array, 4);
    array.set([1, 2, 3, 4]);
    const grown = grow(array, Int32Array, 1_000_000);
    // The same array, longer: nothing was copied and nothing is left behind for the collector.
    expect(grown).toBe(array);
    expect(grown.length).toBe(1_000_000);
    expect([...grown.subarray(0, 6)]).toEqual([1, 2, 3, 4, 0, 0]);
    release(grown);
    expect(grown.length).toBe(0);
  });

  it('move to a larger copy, contents kept, once they outgrow what they reserved', () => {
    const array = growable(Float64Array, 2);
    array.set([1.5, 2.5]);
    const grown = grow(array, Float64Array, 3_000_000); // 24 MB: beyond the 16 MiB reserved
    expect(grown).not.toBe(array);
    expect([...grown.subarray(0, 3)]).toEqual([1.5, 2.5, 0]);
    expect(grown.length).toBe(3_000_000);
    expect(array.length).toBe(0);
  });
});
