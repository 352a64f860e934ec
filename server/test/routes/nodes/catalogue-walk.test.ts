import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createContext } from '../../../src/context.js';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { acmeWithToken, cliPublishBody } from '../publishing/comfy-cli.js';

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

describe('a catalogue walk while the registry is in use', () => {
  it('sees every pack exactly once across installs, publishes and two instances sharing the database', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const publisher = await t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    const before: string[] = [];
    for (let i = 0; i < 90; i++) {
      const id = `pack-${String(i).padStart(3, '0')}`;
      await seedPack(t, {
        id,
        publisher,
        node: { downloads: (i * 7) % 11, search_ranking: i % 15 === 0 ? 3 : null },
        versions: [{ version: '1.0.0' }],
      });
      before.push(id);
    }
    // A second instance of the server on the same database, as behind a load balancer.
    const other = await buildApp(createContext(t.config, t.database));
    await other.ready();
    const instances = [t.app, other];

    const seen: string[] = [];
    let page = 1;
    let totalPages = 1;
    try {
      do {
        const res = await instances[page % 2]?.inject({
          method: 'GET',
          url: `/nodes?page=${page}&limit=30&comfyui_version=v0.3.40&form_factor=git-linux`,
          headers: managerHeaders,
        });
        expect(res?.statusCode).toBe(200);
        const body = res?.json() as { nodes: { id: string }[]; totalPages: number };
        totalPages = body.totalPages;
        seen.push(...body.nodes.map((n) => n.id));

        // Between pages: packs near the end get installed until they outnumber the leaders, a
        // pack that sorts first by id is published, and an existing pack gets a new version.
        for (const id of [before[89 - page], before[60 - page], before[31 - page]]) {
          for (let n = 0; n < 12; n++) {
            const installed = await t.anon.get(`/nodes/${id}/install`);
            expect(installed.statusCode).toBe(200);
          }
        }
        const fresh = await t.anon.post(
          `/publishers/acme/nodes/aaa-new-${page}/versions`,
          cliPublishBody(token, `aaa-new-${page}`, '1.0.0'),
        );
        expect(fresh.statusCode).toBe(201);
        const update = await t.anon.post(
          `/publishers/acme/nodes/${before[page * 20]}/versions`,
          cliPublishBody(token, before[page * 20] ?? '', `1.${page}.0`),
        );
        expect(update.statusCode).toBe(201);
        page += 1;
      } while (page <= totalPages);
    } finally {
      await other.close();
    }

    const counts = new Map<string, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const id of before) expect([id, counts.get(id)]).toEqual([id, 1]);
    for (const [id, count] of counts) expect([id, count]).toEqual([id, 1]);
  });
});
