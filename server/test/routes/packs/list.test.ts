import { describe, expect, it } from 'vitest';
import { refreshLatestVersion } from '../../../src/modules/catalogue/latest-version.js';
import type { TestApp } from '../../helpers/app.js';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from '../publishers/world.js';

/** acme with packs in every status, and one pack of another publisher. */
async function catalogue(t: TestApp) {
  const w = await publisherWorld(t);
  await t.factories.publisher({ id: 'other' });
  for (const [id, status] of [
    ['b-pack', 'NodeStatusActive'],
    ['A-pack', 'NodeStatusActive'],
    ['c-banned', 'NodeStatusBanned'],
    ['d-deleted', 'NodeStatusDeleted'],
  ] as const) {
    await t.factories.node({ id, name: id, publisher_id: 'acme', status });
  }
  await t.factories.node({ id: 'theirs', publisher_id: 'other' });
  await t.factories.version({ node_id: 'A-pack', version: '1.0.0' });
  await t.factories.version({ node_id: 'A-pack', version: '1.2.0', changelog: 'Faster' });
  await refreshLatestVersion(t.ctx.db, 'A-pack');
  return w;
}

const ids = (nodes: { id: string }[]) => nodes.map((n) => n.id);

describe('GET /publishers/{p}/nodes', () => {
  it('lists active packs by id regardless of case, with publisher and latest version', async () => {
    const t = await buildTestApp();
    await catalogue(t);
    const res = await t.anon.get('/publishers/acme/nodes');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: string }[];
    expect(ids(body)).toEqual(['A-pack', 'b-pack']);
    expect(body[0]).toEqual(
      expect.objectContaining({
        id: 'A-pack',
        publisher: { id: 'acme', name: 'ACME' },
        latest_version: {
          id: expect.any(String),
          node_id: 'A-pack',
          version: '1.2.0',
          createdAt: expect.any(String),
          changelog: 'Faster',
          dependencies: [],
          downloadUrl: '',
          deprecated: false,
          status: 'NodeVersionStatusActive',
          comfy_node_extract_status: 'pending',
          supported_os: [],
          supported_accelerators: [],
          supported_comfyui_version: '',
          supported_comfyui_frontend_version: '',
          tags: [],
          tags_admin: [],
          downloads: 0,
          install_command: 'comfy node install A-pack@1.2.0',
        },
        install_commands: [
          { kind: 'latest', command: 'comfy node install A-pack' },
          { kind: 'version', command: 'comfy node install A-pack@1.2.0' },
        ],
      }),
    );
    expect(body[1]).not.toHaveProperty('latest_version');
    // Without a version and without a repository to clone, nothing installs the pack.
    expect(body[1]).toMatchObject({ install_commands: [] });
  });

  it('includes banned packs only when owners, members or admins ask', async () => {
    const t = await buildTestApp();
    const w = await catalogue(t);
    for (const client of [w.client.owner, w.client.member, w.client.admin]) {
      expect(ids((await client.get('/publishers/acme/nodes?include_banned=true')).json())).toEqual([
        'A-pack',
        'b-pack',
        'c-banned',
      ]);
    }
    for (const client of [w.client.anonymous, w.client.other]) {
      expect(ids((await client.get('/publishers/acme/nodes?include_banned=true')).json())).toEqual([
        'A-pack',
        'b-pack',
      ]);
    }
  });

  it('answers [] for an unknown publisher and 400 for a malformed include_banned', async () => {
    const t = await buildTestApp();
    expect((await t.anon.get('/publishers/nobody/nodes')).json()).toEqual([]);
    const res = await t.anon.get('/publishers/nobody/nodes?include_banned=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid query: include_banned must be boolean',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });
});

describe('GET /publishers/{p}/nodes/v2', () => {
  it('pages through the active packs', async () => {
    const t = await buildTestApp();
    await catalogue(t);
    const first = await t.anon.get('/publishers/acme/nodes/v2?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      total: 2,
      nodes: [expect.objectContaining({ id: 'A-pack', publisher: { id: 'acme', name: 'ACME' } })],
      page: 1,
      limit: 1,
      totalPages: 2,
    });
    const second = await t.anon.get('/publishers/acme/nodes/v2?page=2&limit=1');
    expect(second.json()).toEqual({
      total: 2,
      nodes: [expect.objectContaining({ id: 'b-pack' })],
      page: 2,
      limit: 1,
      totalPages: 2,
    });
  });

  it('defaults to page 1 of 10, reads page 0 as 1 and clamps the limit to 1000', async () => {
    const t = await buildTestApp();
    await catalogue(t);
    const res = await t.anon.get('/publishers/acme/nodes/v2?page=0&limit=5000');
    expect(res.json()).toEqual(expect.objectContaining({ total: 2, page: 1, limit: 1000, totalPages: 1 }));
    const plain = await t.anon.get('/publishers/acme/nodes/v2');
    expect(plain.json()).toEqual(expect.objectContaining({ page: 1, limit: 10 }));
  });

  it('counts banned packs for an owner who asks for them', async () => {
    const t = await buildTestApp();
    const w = await catalogue(t);
    const res = await w.client.owner.get('/publishers/acme/nodes/v2?include_banned=true');
    expect(res.json()).toEqual(expect.objectContaining({ total: 3, totalPages: 1 }));
  });

  it('answers an empty page for an unknown publisher and 400 for a non-numeric page', async () => {
    const t = await buildTestApp();
    expect((await t.anon.get('/publishers/nobody/nodes/v2')).json()).toEqual({
      total: 0,
      nodes: [],
      page: 1,
      limit: 10,
      totalPages: 0,
    });
    const res = await t.anon.get('/publishers/nobody/nodes/v2?page=two');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid query: page must be integer',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });
});
