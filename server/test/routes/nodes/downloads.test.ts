import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

const DAY_MS = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('GET /nodes/{nodeId}/downloads', () => {
  it('answers installs per UTC day over all versions, zero-filled, oldest first', async () => {
    const t = await buildTestApp();
    const { versions } = await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
    const [v1, v2] = versions;
    if (!v1 || !v2) throw new Error('seed failed');
    await t.ctx.db
      .insertInto('download_counts')
      .values([
        { node_version_id: v1.id, node_id: 'hello', day: dayOffset(2), count: 3 },
        { node_version_id: v2.id, node_id: 'hello', day: dayOffset(2), count: 4 },
        { node_version_id: v2.id, node_id: 'hello', day: dayOffset(10), count: 9 },
      ])
      .execute();
    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);

    const res = await t.anon.get('/nodes/hello/downloads?days=4');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { day: dayOffset(3), count: 0 },
      { day: dayOffset(2), count: 7 },
      { day: dayOffset(1), count: 0 },
      { day: dayOffset(0), count: 1 },
    ]);
    const full = (await t.anon.get('/nodes/hello/downloads')).json() as { day: string; count: number }[];
    expect(full).toHaveLength(90);
    expect(full.reduce((sum, d) => sum + d.count, 0)).toBe(17);
  });

  it('follows the pack rules: 302 for another spelling, 404 unknown, 403 banned', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'Hello' });
    await seedPack(t, { id: 'bad', node: { status: 'NodeStatusBanned' } });

    const moved = await t.anon.get('/nodes/hello/downloads?days=7');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/nodes/Hello/downloads?days=7');
    expect((await t.anon.get('/nodes/missing/downloads')).statusCode).toBe(404);
    expect((await t.anon.get('/nodes/bad/downloads')).statusCode).toBe(403);
  });

  it.each(['days=0', 'days=366', 'days=-1', 'days=abc', 'days=1.5'])('rejects %s with 400', async (query) => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello' });
    const res = await t.anon.get(`/nodes/hello/downloads?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});
