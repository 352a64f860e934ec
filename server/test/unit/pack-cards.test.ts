import { describe, expect, it } from 'vitest';
import { type PackCard, PackCardCache } from '../../src/modules/search/pack-cards.js';

const card = (id: string, description = ''): PackCard => ({ id, description }) as PackCard;

/** A loader over a fixed set of packs that records what it was asked for. */
function loader(packs: Record<string, string>) {
  const asked: string[][] = [];
  const load = async (ids: string[]) => {
    asked.push(ids);
    return new Map(ids.filter((id) => id in packs).map((id) => [id, card(id, packs[id])]));
  };
  return { asked, load };
}

describe('the cards of search hits', () => {
  it('reads only the packs it does not hold', async () => {
    const cards = new PackCardCache(10);
    const { asked, load } = loader({ a: 'A', b: 'B', c: 'C' });
    const first = await cards.get(1, ['a', 'b'], load);
    expect([...first.keys()].sort()).toEqual(['a', 'b']);
    const second = await cards.get(1, ['b', 'c', 'gone'], load);
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
    expect(second.get('b')?.description).toBe('B');
    expect(second.has('gone')).toBe(false);
    expect(cards.size).toBe(3);
  });

  it('forgets every card when the revision moves, so a changed pack is read again', async () => {
    const cards = new PackCardCache(10);
    const packs = { a: 'old' };
    const { asked, load } = loader(packs);
    await cards.get(1, ['a'], load);
    packs.a = 'new';
    expect((await cards.get(1, ['a'], load)).get('a')?.description).toBe('old');
    expect((await cards.get(2, ['a'], load)).get('a')?.description).toBe('new');
    expect(asked).toEqual([['a'], ['a']]);
  });

  it('does not keep cards read under a revision that was replaced meanwhile', async () => {
    const cards = new PackCardCache(10);
    let release: () => void = () => undefined;
    const slow = (ids: string[]) =>
      new Promise<Map<string, PackCard>>((resolve) => {
        release = () => resolve(new Map(ids.map((id) => [id, card(id, 'stale')])));
      });
    const pending = cards.get(1, ['a'], slow);
    const { load } = loader({ a: 'fresh' });
    await cards.get(2, ['b'], load);
    release();
    expect((await pending).get('a')?.description).toBe('stale');
    expect((await cards.get(2, ['a'], load)).get('a')?.description).toBe('fresh');
  });

  it('keeps at most its limit, dropping the least recently used', async () => {
    const cards = new PackCardCache(2);
    const { asked, load } = loader({ a: 'A', b: 'B', c: 'C' });
    await cards.get(1, ['a'], load);
    await cards.get(1, ['b'], load);
    await cards.get(1, ['a'], load);
    await cards.get(1, ['c'], load);
    expect(cards.size).toBe(2);
    await cards.get(1, ['a'], load);
    await cards.get(1, ['b'], load);
    expect(asked).toEqual([['a'], ['b'], ['c'], ['b']]);
  });

  it('keeps nothing with a limit of 0', async () => {
    const cards = new PackCardCache(0);
    const { asked, load } = loader({ a: 'A' });
    await cards.get(1, ['a'], load);
    await cards.get(1, ['a'], load);
    expect(asked).toEqual([['a'], ['a']]);
    expect(cards.size).toBe(0);
  });
});
