import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

/** ComfyUI-Manager's request headers on every catalogue page. */
const managerHeaders = { 'cache-control': 'no-cache', pragma: 'no-cache', expires: '0' };

describe('the ComfyUI-Manager catalogue walk', () => {
  it('pages with limit=30 until totalPages, seeing every listed pack exactly once, in a stable order', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher();
    const expected: string[] = [];
    for (let i = 0; i < 75; i++) {
      const id = `pack-${String(i).padStart(3, '0')}`;
      // Equal rankings and downloads for many packs, so the order relies on the id tie-break.
      await seedPack(t, {
        id,
        publisher,
        node: { downloads: i % 3, search_ranking: i % 10 === 0 ? 2 : null },
        versions: i % 4 === 0 ? [] : [{ version: '1.0.0' }],
      });
      expected.push(id);
    }
    await seedPack(t, { id: 'banned-pack', publisher, node: { status: 'NodeStatusBanned' } });
    await seedPack(t, { id: 'deleted-pack', publisher, node: { status: 'NodeStatusDeleted' } });

    async function walk(): Promise<string[]> {
      const seen: string[] = [];
      let page = 1;
      let totalPages = 1;
      do {
        const res = await t.anon.get(
          `/nodes?page=${page}&limit=30&comfyui_version=v0.3.40&form_factor=git-linux`,
          managerHeaders,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json() as {
          nodes: { id: string; publisher: { name: string }; latest_version?: { version: string } }[];
          totalPages: number;
        };
        totalPages = body.totalPages;
        for (const node of body.nodes) {
          // The Manager indexes these directly.
          expect(node.publisher.name).toEqual(expect.any(String));
          if (node.latest_version) expect(node.latest_version.version).toBe('1.0.0');
          seen.push(node.id);
        }
        page += 1;
      } while (page <= totalPages);
      expect(totalPages).toBe(3);
      return seen;
    }

    const first = await walk();
    expect(first).toHaveLength(75);
    expect(new Set(first).size).toBe(75);
    expect([...first].sort()).toEqual(expected);
    // Ranked packs (every tenth) lead, by downloads then id; then the rest by downloads then id.
    expect(first.slice(0, 10)).toEqual([
      'pack-020',
      'pack-050',
      'pack-010',
      'pack-040',
      'pack-070',
      'pack-000',
      'pack-030',
      'pack-060',
      'pack-002',
      'pack-005',
    ]);
    expect(await walk()).toEqual(first);
  });
});
