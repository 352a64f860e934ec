import { describe, expect, it } from 'vitest';
import type { CatalogueClock } from '../../src/modules/nodes/cache/catalogue-clock.js';
import { ResponseCache } from '../../src/modules/nodes/cache/response-cache.js';

function fakeClock() {
  const clock = { current: 'a', token: async () => clock.current };
  return clock;
}

function counted() {
  const built: string[] = [];
  const build = (key: string) => async () => {
    built.push(key);
    return Buffer.from(JSON.stringify({ key, padding: 'x'.repeat(100) }));
  };
  return { built, build };
}

describe('the catalogue response cache', () => {
  it('keeps an answer from the second time its key is asked for', async () => {
    const cache = new ResponseCache(fakeClock() as unknown as CatalogueClock, { maxBytes: 1 << 20, maxAgeMs: 60_000 });
    const { built, build } = counted();

    await cache.get('/nodes/a', build('/nodes/a'));
    expect(cache.size.entries).toBe(0);
    await cache.get('/nodes/a', build('/nodes/a'));
    expect(cache.size.entries).toBe(1);
    await cache.get('/nodes/a', build('/nodes/a'));
    expect(built).toEqual(['/nodes/a', '/nodes/a']);
    expect(cache.lookups).toEqual({ hits: 1, misses: 2 });
  });

  it('does not let a walk of pages asked for once push out an answer asked for often', async () => {
    // Room for about five answers.
    const cache = new ResponseCache(fakeClock() as unknown as CatalogueClock, { maxBytes: 1000, maxAgeMs: 60_000 });
    const { built, build } = counted();
    await cache.get('/nodes/popular', build('/nodes/popular'));
    await cache.get('/nodes/popular', build('/nodes/popular'));

    for (let page = 1; page <= 200; page++) await cache.get(`/nodes?page=${page}`, build(`/nodes?page=${page}`));

    expect(cache.size.entries).toBe(1);
    await cache.get('/nodes/popular', build('/nodes/popular'));
    expect(built.filter((key) => key === '/nodes/popular')).toHaveLength(2);
  });

  it('keeps an answer again at once when the catalogue changed under it', async () => {
    const clock = fakeClock();
    const cache = new ResponseCache(clock as unknown as CatalogueClock, { maxBytes: 1 << 20, maxAgeMs: 60_000 });
    const { built, build } = counted();
    await cache.get('/nodes/a', build('/nodes/a'));
    await cache.get('/nodes/a', build('/nodes/a'));

    clock.current = 'b';
    await cache.get('/nodes/a', build('/nodes/a'));
    await cache.get('/nodes/a', build('/nodes/a'));
    expect(built).toHaveLength(3);
  });
});
