import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, countRows, uploadPath } from './comfy-cli.js';

async function published(t: TestApp, version = '1.0.0') {
  const { token } = await acmeWithToken(t);
  const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', version));
  expect(res.statusCode).toBe(201);
  return { versionId: res.json().node_version.id as string, url: res.json().signedUrl as string, token };
}

function put(t: TestApp, url: string, body: Uint8Array | string, contentType = 'application/zip') {
  return t.anon.inject({
    method: 'PUT',
    url: uploadPath(url),
    headers: { 'content-type': contentType },
    payload: Buffer.from(body),
  });
}

/** Sends a raw HTTP request to a listening app and resolves with the answer (even if the body is never sent). */
function rawRequest(
  port: number,
  options: { path: string; headers: Record<string, string | number>; body?: (req: http.ClientRequest) => void },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: options.path, headers: options.headers });
    req.on('response', async (res) => {
      const body = (await buffer(res)).toString('utf8');
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
    });
    req.on('error', reject);
    if (options.body) options.body(req);
    else req.flushHeaders();
  });
}

async function blobFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.database.DATA_DIR, 'blobs');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

describe('PUT {signedUrl}', () => {
  it('stores the zip, links it to the version, queues processing and answers 200', async () => {
    const t = await buildTestApp();
    const { versionId, url } = await published(t);
    const zip = packZip({ name: 'hello', version: '1.0.0' });
    const sha256 = createHash('sha256').update(zip).digest('hex');
    const res = await put(t, url, zip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Archive received; processing has been queued',
      node_version_id: versionId,
      size_bytes: zip.length,
      sha256,
    });
    const version = await t.ctx.db
      .selectFrom('node_versions')
      .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
      .select(['status', 'storage_key', 'size_bytes', 'sha256', 'content_type'])
      .executeTakeFirstOrThrow();
    expect(version).toEqual({
      status: 'NodeVersionStatusPending',
      storage_key: 'acme/hello/1.0.0/node.zip',
      size_bytes: zip.length,
      sha256,
      content_type: 'application/zip',
    });
    const stored = await t.ctx.storage.get('acme/hello/1.0.0/node.zip');
    if (!stored) throw new Error('archive not stored');
    expect(Buffer.compare(await buffer(stored.body), Buffer.from(zip))).toBe(0);
    const ticket = await t.ctx.db.selectFrom('upload_tickets').select('used_at').executeTakeFirstOrThrow();
    expect(ticket.used_at).toEqual(expect.any(String));
    const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'payload', 'status']).execute();
    expect(jobs).toEqual([{ kind: 'process-archive', payload: JSON.stringify({ versionId }), status: 'queued' }]);
    const progress = await t.ctx.db.selectFrom('archive_processing').selectAll().executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ node_version_id: versionId, stage: 'queued', attempts: 0 });
  });

  it('accepts a URL once: a second upload gets 409 and changes nothing', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    expect((await put(t, url, packZip({ name: 'hello', version: '1.0.0' }))).statusCode).toBe(200);
    const again = await put(t, url, packZip({ name: 'hello', version: '1.0.0', description: 'swapped' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This upload URL was already used',
      error: 'each upload URL accepts one archive',
      code: 'upload_url.used',
      params: {},
    });
    expect(await countRows(t, 'storage_files')).toBe(1);
    expect(await countRows(t, 'jobs')).toBe(1);
  });

  it('refuses an expired URL with 410 and an unknown one with 404', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    const expiredAt = new Date(Date.now() - 1000).toISOString();
    await t.ctx.db.updateTable('upload_tickets').set({ expires_at: expiredAt }).execute();
    const expired = await put(t, url, packZip({ name: 'hello', version: '1.0.0' }));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: 'This upload URL has expired',
      error: `it was valid until ${expiredAt}; publish the version again for a new URL`,
      code: 'upload_url.expired',
      params: { expiresAt: expiredAt },
    });
    const unknown = await put(t, 'http://registry.test/uploads/not-a-real-ticket', 'zip');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Upload URL not found',
      error: 'publish the version again to get a new upload URL',
      code: 'upload_url.unknown',
      params: {},
    });
    expect(await countRows(t, 'storage_files')).toBe(0);
    expect(await blobFiles(t)).toEqual([]);
  });

  it('refuses another content type with 415, leaving the URL usable', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    const zip = packZip({ name: 'hello', version: '1.0.0' });
    for (const type of ['application/json', 'application/octet-stream', 'text/plain']) {
      const res = await put(t, url, type === 'application/json' ? '{}' : zip, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: 'Content-Type must be application/zip',
        error: `got "${type}"`,
        code: 'archive.content_type',
        params: { got: type },
      });
    }
    const none = await t.anon.inject({ method: 'PUT', url: uploadPath(url), payload: Buffer.from(zip) });
    expect(none.statusCode).toBe(415);
    expect((await put(t, url, zip)).statusCode).toBe(200);
  });

  it('refuses an empty body with 400', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    const res = await put(t, url, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The upload is empty',
      error: 'send the zip as the body',
      code: 'archive.empty',
      params: {},
    });
    expect((await put(t, url, packZip({ name: 'hello', version: '1.0.0' }))).statusCode).toBe(200);
  });

  it('refuses an upload for a version that is no longer Pending with 409', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    await t.ctx.db.updateTable('node_versions').set({ status: 'NodeVersionStatusDeleted' }).execute();
    const res = await put(t, url, packZip({ name: 'hello', version: '1.0.0' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This version no longer accepts an archive',
      error: 'it is NodeVersionStatusDeleted',
      code: 'version.closed',
      params: { status: 'NodeVersionStatusDeleted' },
    });
  });

  it('over real HTTP: a declared 2 GB upload is refused with 413 before any byte of it is sent', async () => {
    const t = await buildTestApp();
    const { url } = await published(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const started = Date.now();
    const res = await rawRequest(port, {
      path: uploadPath(url),
      headers: { 'content-type': 'application/zip', 'content-length': 2 * 1024 * 1024 * 1024 },
    });
    // Sending 2 GB would take minutes; the ceiling only tells "refused up front" from "read the body".
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({
      message: 'The archive is too large',
      error: `2147483648 bytes declared; the limit is ${t.config.publishing.MAX_ARCHIVE_BYTES} bytes`,
      code: 'archive.too_large',
      params: { limit: t.config.publishing.MAX_ARCHIVE_BYTES },
    });
    expect(await countRows(t, 'storage_files')).toBe(0);
  });

  it('over real HTTP: a chunked upload is stopped as soon as it crosses the limit, storing nothing', async () => {
    const t = await buildTestApp({ MAX_ARCHIVE_BYTES: '65536' });
    const { url } = await published(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    let sent = 0;
    const res = await rawRequest(port, {
      path: uploadPath(url),
      headers: { 'content-type': 'application/zip', 'transfer-encoding': 'chunked' },
      body(req) {
        // Keep sending 16 KiB chunks (up to 64 MiB) until the server answers.
        const chunk = Buffer.alloc(16 * 1024, 7);
        let answered = false;
        req.on('response', () => {
          answered = true;
        });
        const pump = () => {
          if (answered || req.destroyed || sent >= 64 * 1024 * 1024) return;
          sent += chunk.length;
          if (req.write(chunk)) setImmediate(pump);
          else req.once('drain', pump);
        };
        // The server closes the connection after answering; writes after that may fail.
        req.on('error', () => undefined);
        pump();
      },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      message: 'The archive is too large',
      error: 'the limit is 65536 bytes',
      code: 'archive.too_large',
      params: { limit: 65536 },
    });
    // The server stopped reading long before the client ran out of data.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(await countRows(t, 'storage_files')).toBe(0);
    expect(await blobFiles(t)).toEqual([]);
    // The URL was given back, so a correct upload can still use it.
    expect((await put(t, url, packZip({ name: 'hello', version: '1.0.0' }))).statusCode).toBe(200);
  });
});
