import { describe, expect, it } from 'vitest';
import { refreshLatestVersion } from '../../../src/modules/catalogue/latest-version.js';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from '../publishers/world.js';
import { newPack } from './expected.js';

describe('PUT /publishers/{p}/nodes/{n}', () => {
  it('changes only the given fields and answers the pack with its latest version', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', name: 'Hello', publisher_id: 'acme', author: 'Olive', tags: '["a"]' });
    const version = await t.factories.version({
      node_id: 'hello',
      version: '1.0.0',
      status_reason: 'Passed automated checks',
    });
    await refreshLatestVersion(t.ctx.db, 'hello');
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.member.put('/publishers/acme/nodes/hello', {
      description: 'Now with docs',
      tags: ['b', 'c'],
      repository: 'https://github.com/acme/Hello.git',
      supported_os: ['windows'],
      // Admin-only fields are ignored for everyone else.
      search_ranking: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      newPack({
        name: 'Hello',
        author: 'Olive',
        description: 'Now with docs',
        tags: ['b', 'c'],
        repository: 'https://github.com/acme/Hello.git',
        supported_os: ['windows'],
        latest_version: expect.objectContaining({
          id: version.id,
          version: '1.0.0',
          status_reason: 'Passed automated checks',
        }),
      }),
    );
    const row = await t.ctx.db
      .selectFrom('nodes')
      .select(['normalized_repository', 'search_ranking'])
      .executeTakeFirst();
    expect(row).toEqual({ normalized_repository: 'github.com/acme/hello', search_ranking: null });
    expect(announced).toEqual([['hello']]);
  });

  it('lets an admin set ranking and curation fields', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const res = await w.client.admin.put('/publishers/acme/nodes/hello', {
      search_ranking: 2,
      tags_admin: ['featured'],
      preempted_comfy_node_names: ['KSampler'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.objectContaining({
        search_ranking: 2,
        tags_admin: ['featured'],
        preempted_comfy_node_names: ['KSampler'],
      }),
    );
  });

  it('finds the pack by its id in any case', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'Hello', publisher_id: 'acme' });
    const res = await w.client.owner.put('/publishers/acme/nodes/HELLO', { name: 'Renamed', id: 'hello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ id: 'Hello', name: 'Renamed' }));
  });

  it.each([
    ['another id in the body', { id: 'other' }, 'Node ID cannot be changed', 'path says "hello", body says "other"'],
    ['a blank name', { name: ' ' }, 'name must not be empty', ''],
    [
      'a 1001-character description',
      { description: 'x'.repeat(1001) },
      'description is too long',
      'at most 1000 characters',
    ],
  ])('answers 400 for %s', async (_case, body, message, error) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const res = await w.client.owner.put('/publishers/acme/nodes/hello', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error });
  });

  it('answers 400 for a search_ranking outside 1..10 and for malformed JSON', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const ranking = await w.client.admin.put('/publishers/acme/nodes/hello', { search_ranking: 11 });
    expect(ranking.json()).toEqual({
      message: 'Invalid body: search_ranking must be <= 10',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
    const json = await w.client.owner.inject({
      method: 'PUT',
      url: '/publishers/acme/nodes/hello',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Request body is not valid JSON', error: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });

  it('answers 404 for a missing or deleted pack, 403 for a pack of another publisher or a banned one', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'theirs', publisher_id: 'other' });
    await t.factories.node({ id: 'gone', publisher_id: 'acme', status: 'NodeStatusDeleted' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    const cases = [
      ['missing', 404, { message: 'Node not found', error: '' }],
      ['gone', 404, { message: 'Node not found', error: '' }],
      [
        'theirs',
        403,
        {
          message: 'Permission denied',
          error: 'node theirs belongs to another publisher',
          code: 'pack.other_publisher',
          params: { nodeId: 'theirs' },
        },
      ],
      ['bad', 403, { message: 'Node Banned', error: '' }],
    ] as const;
    for (const [id, status, body] of cases) {
      const res = await w.client.owner.put(`/publishers/acme/nodes/${id}`, { name: 'x' });
      expect([id, res.statusCode, res.json()]).toEqual([id, status, body]);
    }
  });
});

describe('DELETE /publishers/{p}/nodes/{n}', () => {
  it('hides the pack everywhere but keeps its id taken', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.member.delete('/publishers/acme/nodes/hello');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(announced).toEqual([['hello']]);
    expect(await t.ctx.db.selectFrom('nodes').select(['id', 'status']).execute()).toEqual([
      { id: 'hello', status: 'NodeStatusDeleted' },
    ]);
    expect((await t.anon.get('/publishers/acme/nodes')).json()).toEqual([]);
    expect((await w.client.owner.get('/publishers/acme/nodes?include_banned=true')).json()).toEqual([]);
    expect((await w.client.owner.post('/publishers/acme/nodes', { id: 'Hello' })).statusCode).toBe(409);
    expect((await w.client.owner.delete('/publishers/acme/nodes/hello')).statusCode).toBe(404);
  });

  it('answers 404 for a missing pack and 403 for a banned one or one of another publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'theirs', publisher_id: 'other' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    expect((await w.client.owner.delete('/publishers/acme/nodes/missing')).json()).toEqual({
      message: 'Node not found',
      error: '',
    });
    expect((await w.client.owner.delete('/publishers/acme/nodes/theirs')).statusCode).toBe(403);
    expect((await w.client.owner.delete('/publishers/acme/nodes/bad')).json()).toEqual({
      message: 'Node Banned',
      error: '',
    });
    expect(await t.ctx.db.selectFrom('nodes').select('status').where('id', '=', 'bad').execute()).toEqual([
      { status: 'NodeStatusBanned' },
    ]);
  });
});

describe('GET /publishers/{p}/nodes/{n}/permissions', () => {
  it.each([
    ['owner', true],
    ['member', true],
    ['admin', true],
    ['other', false],
    ['banned', false],
  ] as const)('answers canEdit for %s: %s', async (role, canEdit) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const res = await w.client[role].get('/publishers/acme/nodes/hello/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ canEdit });
  });

  it('answers false for a missing, deleted, banned or foreign pack, 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'theirs', publisher_id: 'other' });
    await t.factories.node({ id: 'gone', publisher_id: 'acme', status: 'NodeStatusDeleted' });
    await t.factories.node({ id: 'bad', publisher_id: 'acme', status: 'NodeStatusBanned' });
    for (const id of ['missing', 'gone', 'bad', 'theirs']) {
      expect((await w.client.owner.get(`/publishers/acme/nodes/${id}/permissions`)).json()).toEqual({ canEdit: false });
    }
    expect((await w.client.owner.get('/publishers/nobody/nodes/x/permissions')).statusCode).toBe(404);
    expect((await t.anon.get('/publishers/acme/nodes/theirs/permissions')).statusCode).toBe(401);
  });
});
