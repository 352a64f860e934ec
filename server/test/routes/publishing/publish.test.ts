import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, countRows, uploadPath } from './comfy-cli.js';

const URL_PATTERN = /^http:\/\/registry\.test\/uploads\/[A-Za-z0-9_-]{43}$/;

function pendingVersion(nodeId: string, version: string, extra: Record<string, unknown> = {}) {
  return {
    id: expect.any(String),
    node_id: nodeId,
    version,
    createdAt: expect.any(String),
    changelog: '',
    dependencies: [],
    downloadUrl: '',
    deprecated: false,
    status: 'NodeVersionStatusPending',
    status_reason: '',
    comfy_node_extract_status: 'pending',
    supported_os: [],
    supported_accelerators: [],
    supported_comfyui_version: '',
    supported_comfyui_frontend_version: '',
    tags: [],
    tags_admin: [],
    downloads: 0,
    install_command: `comfy node install ${nodeId}@${version}`,
    ...extra,
  };
}

async function publish(t: TestApp, publisherId: string, nodeId: string, body: unknown) {
  return t.anon.post(`/publishers/${publisherId}/nodes/${nodeId}/versions`, body);
}

async function upload(t: TestApp, signedUrl: string, zip: Uint8Array) {
  return t.anon.inject({
    method: 'PUT',
    url: uploadPath(signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
}

describe('POST /publishers/{publisherId}/nodes/{nodeId}/versions', () => {
  it('creates the pack and a Pending version on first publish and answers 201 with an upload URL', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const res = await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0', { changelog: 'First' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      node_version: pendingVersion('hello', '1.0.0', { changelog: 'First' }),
      signedUrl: expect.stringMatching(URL_PATTERN),
    });
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    expect(pack).toMatchObject({
      id: 'hello',
      normalized_id: 'hello',
      publisher_id: 'acme',
      name: 'Hello',
      description: 'Says hello',
      license: '{"text": "MIT"}',
      repository_url: 'https://github.com/acme/hello',
      normalized_repository: 'github.com/acme/hello',
      status: 'NodeStatusActive',
      latest_version_id: null,
    });
    const history = await t.ctx.db.selectFrom('node_version_status_history').selectAll().execute();
    expect(history).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'NodeVersionStatusPending',
        to_reason: '',
        actor_user_id: null,
      }),
    ]);
    // Only the hash of the URL's secret is stored; the URL is valid for 15 minutes.
    const secret = uploadPath(res.json().signedUrl).split('/').pop() ?? '';
    const ticket = await t.ctx.db.selectFrom('upload_tickets').selectAll().executeTakeFirstOrThrow();
    expect(ticket.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(ticket)).not.toContain(secret);
    expect(ticket.node_version_id).toBe(res.json().node_version.id);
    const ttl = Date.parse(ticket.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const changes = await t.ctx.db.selectFrom('catalogue_changes').select('node_id').execute();
    expect(changes).toEqual([{ node_id: 'hello' }]);
  });

  it('normalises the version, accepts unknown fields and a body id in another letter case', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const body = cliPublishBody(token, 'Hello-Pack', 'v1.2');
    const res = await publish(t, 'acme', 'hello-pack', {
      ...body,
      node: { ...body.node, tags: ['text'], some_future_field: { nested: true } },
      node_version: { ...body.node_version, dependencies: ['numpy>=1.0'], another_field: 1 },
      extra_top_level: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().node_version).toEqual(pendingVersion('hello-pack', '1.2.0', { dependencies: ['numpy>=1.0'] }));
  });

  it('updates the pack from its newest version only, and keeps values a publish leaves blank', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    expect((await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'))).statusCode).toBe(201);
    const newer = cliPublishBody(token, 'hello', '1.1.0', { description: 'Newer words', name: 'Hello 2' });
    newer.node.repository = '';
    expect((await publish(t, 'acme', 'hello', newer)).statusCode).toBe(201);
    const older = cliPublishBody(token, 'hello', '0.9.0', { description: 'Old words', name: 'Old' });
    expect((await publish(t, 'acme', 'hello', older)).statusCode).toBe(201);
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    expect(pack).toMatchObject({
      name: 'Hello 2',
      description: 'Newer words',
      repository_url: 'https://github.com/acme/hello',
    });
  });

  it('lets a version whose upload never arrived be published again, with a new URL', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const first = await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'));
    const second = await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0', { changelog: 'Again' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().node_version).toEqual(
      pendingVersion('hello', '1.0.0', { id: first.json().node_version.id, changelog: 'Again' }),
    );
    expect(second.json().signedUrl).not.toBe(first.json().signedUrl);
    const old = await upload(t, first.json().signedUrl, packZip({ name: 'hello', version: '1.0.0' }));
    expect(old.statusCode).toBe(404);
    expect((await upload(t, second.json().signedUrl, packZip({ name: 'hello', version: '1.0.0' }))).statusCode).toBe(
      200,
    );
    expect(await countRows(t, 'node_versions')).toBe(1);
  });

  it('refuses a version that already has an archive: 400 The node version already exists', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const first = await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'));
    await upload(t, first.json().signedUrl, packZip({ name: 'hello', version: '1.0.0' }));
    for (const spelling of ['1.0.0', 'v1.0', '1']) {
      const res = await publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', spelling));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The node version already exists',
        error: '',
        code: 'version.exists',
        params: { version: '1.0.0' },
      });
    }
    expect(await countRows(t, 'node_versions')).toBe(1);
    expect(await countRows(t, 'upload_tickets')).toBe(1);
  });

  it('settles two first publishes of one pack racing each other: one pack, both versions', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const [a, b] = await Promise.all([
      publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0')),
      publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.1.0')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await countRows(t, 'nodes')).toBe(1);
    expect(await countRows(t, 'node_versions')).toBe(2);
  });

  it('settles two publishes of one version racing each other: the second is a replacement or a 400', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() => publish(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'))),
    );
    for (const res of answers) expect([201, 400]).toContain(res.statusCode);
    expect(await countRows(t, 'node_versions')).toBe(1);
  });

  it('is described in the OpenAPI document', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/publishers/{publisherId}/nodes/{nodeId}/versions']?.post?.operationId).toBe(
      'publishNodeVersion',
    );
    expect(doc.paths['/uploads/{ticket}']?.put?.operationId).toBe('uploadArchive');
    expect(doc.paths['/publishers/{publisherId}/nodes/{nodeId}/versions/upload']?.post?.operationId).toBe(
      'uploadNodeVersion',
    );
    expect(
      doc.paths['/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/processing']?.get?.operationId,
    ).toBe('getVersionProcessing');
  });

  describe('refuses, writing nothing', () => {
    async function refused(
      t: TestApp,
      publisherId: string,
      nodeId: string,
      body: unknown,
      status: number,
      answer: { message: string; error: string | ReturnType<typeof expect.any>; code?: unknown; params?: unknown },
    ) {
      const before = await Promise.all([countRows(t, 'node_versions'), countRows(t, 'upload_tickets')]);
      const res = await publish(t, publisherId, nodeId, body);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: answer });
      expect(await Promise.all([countRows(t, 'node_versions'), countRows(t, 'upload_tickets')])).toEqual(before);
    }

    it('a wrong, missing, empty or revoked token, or one of another publisher', async () => {
      const t = await buildTestApp();
      const { token, tokenRow } = await acmeWithToken(t);
      await t.factories.publisher({ id: 'other' });
      const { secret: otherToken } = await t.factories.token('other');
      // Wrong, unknown and revoked tokens are one refusal: revoking deletes the row.
      const invalid = { message: 'Invalid personal access token', error: '', code: 'token.invalid', params: {} };
      await refused(t, 'acme', 'hello', cliPublishBody('crp_wrong', 'hello', '1.0.0'), 400, invalid);
      await refused(t, 'acme', 'hello', cliPublishBody('', 'hello', '1.0.0'), 400, invalid);
      await refused(t, 'acme', 'hello', cliPublishBody(otherToken, 'hello', '1.0.0'), 400, invalid);
      const { personal_access_token: _, ...noToken } = cliPublishBody(token, 'hello', '1.0.0');
      await refused(t, 'acme', 'hello', noToken, 400, invalid);
      await t.ctx.db.deleteFrom('personal_access_tokens').where('id', '=', tokenRow.id).execute();
      await refused(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'), 400, invalid);
      expect(await countRows(t, 'nodes')).toBe(0);
    });

    it('an unknown publisher', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      await refused(t, 'nobody', 'hello', cliPublishBody(token, 'hello', '1.0.0'), 400, {
        message: 'Failed to validate token',
        error: 'publisher nobody does not exist',
        code: 'publisher.not_found',
        params: { publisherId: 'nobody' },
      });
    });

    it('a pack of another publisher, a banned pack, a banned publisher', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      const other = await t.factories.publisher({ id: 'other' });
      await t.factories.node({ id: 'Theirs', publisher_id: other.id });
      await t.factories.node({ id: 'banned-pack', publisher_id: 'acme', status: 'NodeStatusBanned' });
      await refused(t, 'acme', 'theirs', cliPublishBody(token, 'theirs', '1.0.0'), 403, {
        message: 'Permission denied',
        error: 'node Theirs belongs to another publisher',
        code: 'pack.other_publisher',
        params: { nodeId: 'Theirs' },
      });
      await refused(t, 'acme', 'banned-pack', cliPublishBody(token, 'banned-pack', '1.0.0'), 403, {
        message: 'Node Banned',
        error: 'node banned-pack is banned',
        code: 'pack.banned',
        params: { nodeId: 'banned-pack' },
      });
      await t.ctx.db
        .updateTable('publishers')
        .set({ status: 'PublisherStatusBanned' })
        .where('id', '=', 'acme')
        .execute();
      await refused(t, 'acme', 'hello', cliPublishBody(token, 'hello', '1.0.0'), 403, {
        message: 'Publisher Banned',
        error: 'publisher acme is banned and cannot publish',
        code: 'publisher.banned',
        params: { publisherId: 'acme' },
      });
    });

    it('a body node id that differs from the path', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      await refused(t, 'acme', 'hello', cliPublishBody(token, 'goodbye', '1.0.0'), 400, {
        message: 'Node ID in the URL and the body must be the same',
        error: 'URL has "hello", body has "goodbye"',
        code: 'publish.node_id_mismatch',
        params: { nodeId: 'hello', bodyNodeId: 'goodbye' },
      });
    });

    it('a new node id the rules refuse', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      await refused(t, 'acme', '_hidden', cliPublishBody(token, '_hidden', '1.0.0'), 400, {
        message: 'Failed to create node',
        error: 'node id must not start or end with an underscore, hyphen, or period',
        code: 'publish.node_id_invalid',
        params: { nodeId: '_hidden' },
      });
      await refused(t, 'acme', 'bad%40id', cliPublishBody(token, 'bad@id', '1.0.0'), 400, {
        message: 'Failed to create node',
        error:
          'node id can only contain ASCII letters, digits, underscores, hyphens, and periods, and must not have invalid sequences',
        code: 'publish.node_id_invalid',
        params: { nodeId: 'bad@id' },
      });
      expect(await countRows(t, 'nodes')).toBe(0);
    });

    it('a version semver cannot read', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      for (const version of ['abc', '', '1.0.0.0.1', 'latest']) {
        await refused(t, 'acme', 'hello', cliPublishBody(token, 'hello', version), 400, {
          message: 'Failed to create node version',
          error: `"${version}" is not a valid semantic version (expected something like 1.2.3)`,
          code: 'version.not_semantic',
          params: { version },
        });
      }
      expect(await countRows(t, 'nodes')).toBe(0);
    });

    it('a description over 1000 characters, and a body without node_version', async () => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      await refused(
        t,
        'acme',
        'hello',
        cliPublishBody(token, 'hello', '1.0.0', { description: 'x'.repeat(1001) }),
        400,
        {
          message: 'description is too long',
          error: 'at most 1000 characters',
          code: 'validation.max_length',
          params: { field: 'description', limit: 1000 },
        },
      );
      const { node_version: _, ...noVersion } = cliPublishBody(token, 'hello', '1.0.0');
      await refused(t, 'acme', 'hello', noVersion, 400, {
        message: "Invalid body: node_version must have required property 'node_version'",
        error: 'FST_ERR_VALIDATION',
        code: 'validation.required',
        params: { field: 'node_version' },
      });
    });
  });
});
