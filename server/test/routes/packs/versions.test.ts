import { describe, expect, it } from 'vitest';
import { refreshLatestVersion } from '../../../src/modules/catalogue/latest-version.js';
import type { TestApp } from '../../helpers/app.js';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from '../publishers/world.js';

/** acme/hello with versions 1.0.0 and 1.1.0 (latest), both Active. */
async function pack(t: TestApp) {
  const w = await publisherWorld(t);
  await t.factories.node({ id: 'hello', publisher_id: 'acme' });
  const v1 = await t.factories.version({ node_id: 'hello', version: '1.0.0', changelog: 'First' });
  const v2 = await t.factories.version({
    node_id: 'hello',
    version: '1.1.0',
    status_reason: 'Passed automated checks',
  });
  await refreshLatestVersion(t.ctx.db, 'hello');
  return { w, v1, v2 };
}

describe('PUT /publishers/{p}/nodes/{n}/versions/{versionId}', () => {
  it('changes the changelog and deprecation and answers the whole version', async () => {
    const t = await buildTestApp();
    const { w, v1 } = await pack(t);
    const res = await w.client.member.put(`/publishers/acme/nodes/hello/versions/${v1.id}`, {
      changelog: 'First release',
      deprecated: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: v1.id,
      node_id: 'hello',
      version: '1.0.0',
      createdAt: v1.created_at,
      changelog: 'First release',
      dependencies: [],
      downloadUrl: '',
      deprecated: true,
      status: 'NodeVersionStatusActive',
      status_reason: '',
      comfy_node_extract_status: 'pending',
      supported_os: [],
      supported_accelerators: [],
      supported_comfyui_version: '',
      supported_comfyui_frontend_version: '',
      tags: [],
      tags_admin: [],
      downloads: 0,
      install_command: 'comfy node install hello@1.0.0',
    });
    const partial = await w.client.owner.put(`/publishers/acme/nodes/hello/versions/${v1.id}`, { deprecated: false });
    expect(partial.json()).toEqual(expect.objectContaining({ changelog: 'First release', deprecated: false }));
  });

  it('answers 400 for a version id that is not a UUID and for a non-boolean deprecated', async () => {
    const t = await buildTestApp();
    const { w, v1 } = await pack(t);
    const bad = await w.client.owner.put('/publishers/acme/nodes/hello/versions/1.0.0', { deprecated: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Invalid params: versionId must match format "uuid"',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
    const flag = await w.client.owner.put(`/publishers/acme/nodes/hello/versions/${v1.id}`, { deprecated: 'very' });
    expect(flag.json()).toEqual({
      message: 'Invalid body: deprecated must be boolean',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it("answers 404 for another pack's version, an unknown one and a deleted one", async () => {
    const t = await buildTestApp();
    const { w, v1 } = await pack(t);
    await t.factories.node({ id: 'world', publisher_id: 'acme' });
    const foreign = await t.factories.version({ node_id: 'world', version: '2.0.0' });
    await t.ctx.db
      .updateTable('node_versions')
      .set({ status: 'NodeVersionStatusDeleted' })
      .where('id', '=', v1.id)
      .execute();
    for (const id of [foreign.id, v1.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await w.client.owner.put(`/publishers/acme/nodes/hello/versions/${id}`, { changelog: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Node version not found', error: '' });
    }
  });

  it('answers 403 Node Banned for a version of a banned pack', async () => {
    const t = await buildTestApp();
    const { w, v1 } = await pack(t);
    await t.ctx.db.updateTable('nodes').set({ status: 'NodeStatusBanned' }).execute();
    const res = await w.client.owner.put(`/publishers/acme/nodes/hello/versions/${v1.id}`, { changelog: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Node Banned', error: '' });
  });
});

describe('DELETE /publishers/{p}/nodes/{n}/versions/{versionId}', () => {
  it('marks the version deleted, records the change and recomputes the latest version', async () => {
    const t = await buildTestApp();
    const { w, v1, v2 } = await pack(t);
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.member.delete(`/publishers/acme/nodes/hello/versions/${v2.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const versions = await t.ctx.db
      .selectFrom('node_versions')
      .select(['id', 'status', 'status_reason'])
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { id: v1.id, status: 'NodeVersionStatusActive', status_reason: '' },
      { id: v2.id, status: 'NodeVersionStatusDeleted', status_reason: 'Passed automated checks' },
    ]);
    expect(await t.ctx.db.selectFrom('node_version_status_history').selectAll().execute()).toEqual([
      {
        id: expect.any(String),
        node_version_id: v2.id,
        from_status: 'NodeVersionStatusActive',
        from_reason: 'Passed automated checks',
        to_status: 'NodeVersionStatusDeleted',
        to_reason: 'Passed automated checks',
        actor_user_id: w.users.member.id,
        created_at: expect.any(String),
      },
    ]);
    const node = await t.ctx.db.selectFrom('nodes').select('latest_version_id').executeTakeFirstOrThrow();
    expect(node.latest_version_id).toBe(v1.id);
    expect(announced).toEqual([['hello']]);
    expect((await w.client.owner.delete(`/publishers/acme/nodes/hello/versions/${v2.id}`)).statusCode).toBe(404);
  });

  it('leaves no latest version when the only active one is deleted', async () => {
    const t = await buildTestApp();
    const { w, v1, v2 } = await pack(t);
    await w.client.owner.delete(`/publishers/acme/nodes/hello/versions/${v1.id}`);
    await w.client.owner.delete(`/publishers/acme/nodes/hello/versions/${v2.id}`);
    const node = await t.ctx.db.selectFrom('nodes').select('latest_version_id').executeTakeFirstOrThrow();
    expect(node.latest_version_id).toBeNull();
    expect((await t.anon.get('/publishers/acme/nodes')).json()[0]).not.toHaveProperty('latest_version');
  });

  it('refuses to delete a banned version (403) and answers 400 for a non-UUID id', async () => {
    const t = await buildTestApp();
    const { w, v1 } = await pack(t);
    await t.ctx.db
      .updateTable('node_versions')
      .set({ status: 'NodeVersionStatusBanned' })
      .where('id', '=', v1.id)
      .execute();
    const banned = await w.client.owner.delete(`/publishers/acme/nodes/hello/versions/${v1.id}`);
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ message: 'Node version is banned', error: 'ask an admin' });
    const bad = await w.client.owner.delete('/publishers/acme/nodes/hello/versions/latest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Invalid params: versionId must match format "uuid"',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it("answers 404 for another pack's version and 403 when the pack belongs to another publisher", async () => {
    const t = await buildTestApp();
    const { w } = await pack(t);
    await t.factories.node({ id: 'world', publisher_id: 'acme' });
    const foreign = await t.factories.version({ node_id: 'world', version: '2.0.0' });
    const res = await w.client.owner.delete(`/publishers/acme/nodes/hello/versions/${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Node version not found', error: '' });
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'theirs', publisher_id: 'other' });
    const theirs = await t.factories.version({ node_id: 'theirs' });
    const denied = await w.client.owner.delete(`/publishers/acme/nodes/theirs/versions/${theirs.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      message: 'Permission denied',
      error: 'node theirs belongs to another publisher',
      code: 'pack.other_publisher',
      params: { nodeId: 'theirs' },
    });
  });
});
