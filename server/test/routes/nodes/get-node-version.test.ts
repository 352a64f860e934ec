import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, versionJson } from '../../helpers/catalogue-json.js';

describe('GET /nodes/{nodeId}/versions/{version}', () => {
  it('answers one version in any status with downloadUrl and status_reason, normalising the version', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme' });
    await seedPack(t, {
      id: 'hello',
      publisher,
      versions: [
        {
          version: '1.2.0',
          status: 'NodeVersionStatusDeleted',
          status_reason: 'Removed by publisher',
          deprecated: true,
        },
      ],
    });

    for (const spelled of ['1.2.0', 'v1.2', '1.2']) {
      const res = await t.anon.get(`/nodes/hello/versions/${spelled}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        versionJson({
          node_id: 'hello',
          version: '1.2.0',
          status: 'NodeVersionStatusDeleted',
          status_reason: 'Removed by publisher',
          deprecated: true,
          downloadUrl: archiveUrl('acme', 'hello', '1.2.0'),
          // The one-version answer also carries what the archive says of itself.
          requirements: [],
          comfy_node_extract_reason: '',
        }),
      );
    }
  });

  it('answers 404 for an unknown version or pack, 403 for a banned pack, 302 for another spelling', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'Hello', versions: [{ version: '1.0.0' }] });
    await seedPack(t, { id: 'bad', node: { status: 'NodeStatusBanned' }, versions: [{ version: '1.0.0' }] });

    expect((await t.anon.get('/nodes/Hello/versions/2.0.0')).json()).toEqual({
      message: 'Node version not found',
      error: 'no version 2.0.0 of Hello',
    });
    expect((await t.anon.get('/nodes/missing/versions/1.0.0')).json()).toEqual({
      message: 'Node not found',
      error: '',
    });
    expect((await t.anon.get('/nodes/bad/versions/1.0.0')).statusCode).toBe(403);
    const moved = await t.anon.get('/nodes/hello/versions/1.0.0');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/nodes/Hello/versions/1.0.0');
  });

  it.each(['latest', '1.0.0.0.0', '../../etc', 'x'.repeat(101)])('rejects version %s with 400', async (version) => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const res = await t.anon.get(`/nodes/hello/versions/${encodeURIComponent(version)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});
