import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueClock } from '../../src/modules/nodes/cache/catalogue-clock.js';
import { OrderSnapshots } from '../../src/modules/nodes/cache/order-snapshots.js';

function fakeClock() {
  const clock = { current: 'a', token: async () => clock.current };
  return clock;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ordered id snapshots of catalogue listings', () => {
  it('reads once per catalogue token and waits for a fresh read after a change', async () => {
    const clock = fakeClock();
    const snapshots = new OrderSnapshots(clock as unknown as CatalogueClock, { maxAgeMs: 60_000, maxSnapshots: 4 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return reads === 1 ? ['x', 'y'] : ['z', 'x', 'y'];
    };
    expect(await Promise.all([snapshots.get('k', read), snapshots.get('k', read)])).toEqual([
      ['x', 'y'],
      ['x', 'y'],
    ]);
    expect(await snapshots.get('k', read)).toEqual(['x', 'y']);
    expect(reads).toBe(1);

    clock.current = 'b';
    expect(await snapshots.get('k', read)).toEqual(['z', 'x', 'y']);
    expect(reads).toBe(2);
  });

  it('past the maximum age, answers from the old snapshot while a new one is read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const clock = fakeClock();
    const snapshots = new OrderSnapshots(clock as unknown as CatalogueClock, { maxAgeMs: 1000, maxSnapshots: 4 });
    let order = ['x', 'y'];
    const read = async () => [...order];
    expect(await snapshots.get('k', read)).toEqual(['x', 'y']);

    order = ['y', 'x'];
    vi.setSystemTime(Date.now() + 5000);
    expect(await snapshots.get('k', read)).toEqual(['x', 'y']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await snapshots.get('k', read)).toEqual(['y', 'x']);
  });

  it('does not re-read an ageless listing as it ages, only after a catalogue change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const clock = fakeClock();
    const snapshots = new OrderSnapshots(clock as unknown as CatalogueClock, { maxAgeMs: 1000, maxSnapshots: 4 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return [`read-${reads}`];
    };
    expect(await snapshots.get('k', read, true)).toEqual(['read-1']);
    vi.setSystemTime(Date.now() + 60_000);
    await snapshots.get('k', read, true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await snapshots.get('k', read, true)).toEqual(['read-1']);
    clock.current = 'b';
    expect(await snapshots.get('k', read, true)).toEqual(['read-2']);
  });

  it('keeps at most the given number of listings, dropping the least recently used', async () => {
    const clock = fakeClock();
    const snapshots = new OrderSnapshots(clock as unknown as CatalogueClock, { maxAgeMs: 60_000, maxSnapshots: 2 });
    for (const key of ['a', 'b', 'c']) await snapshots.get(key, async () => [key]);
    expect(snapshots.size).toBe(2);
  });
});
