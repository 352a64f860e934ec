import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from './comfy-cli.js';

/** Descriptors this process holds open (the server runs in it). */
async function openDescriptors(): Promise<number> {
  return (await readdir('/proc/self/fd')).length;
}

/** Every file in the blob store and the temporary folder, relative to the data folder. */
async function dataFiles(t: TestApp): Promise<string[]> {
  const root = t.config.database.DATA_DIR;
  const entries = (
    await Promise.all(
      ['blobs', 'tmp'].map((dir) =>
        readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(() => []),
      ),
    )
  ).flat();
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Claimed (in use) upload tickets. */
async function claimedTickets(t: TestApp): Promise<number> {
  const rows = await t.ctx.db.selectFrom('upload_tickets').select('id').where('used_at', 'is not', null).execute();
  return rows.length;
}

/** Checks `condition` until it holds; fails (with the last value) if it never does. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 800 && !holds(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  if (!holds(value)) throw new Error(`${what} never happened (last seen: ${JSON.stringify(value)})`);
  return value;
}

/** Opens a raw TCP connection and sends the request head and `bodyBytes` of a longer body. */
function startUpload(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; declared: number; bodyBytes: number },
): Promise<{ socket: net.Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const head = [
        `${request.method} ${request.path} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/zip',
        `Content-Length: ${request.declared}`,
        ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(Buffer.alloc(request.bodyBytes, 80));
      resolve({ socket, answer });
    });
    let received = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => done(received));
    });
    socket.on('error', reject);
  });
}

/** Publishes versions 1.0.0, 1.0.1, ... of acme/hello and returns their upload URLs. */
async function publishVersions(t: TestApp, count: number): Promise<string[]> {
  const { token } = await acmeWithToken(t);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', `1.0.${i}`));
    expect(res.statusCode).toBe(201);
    urls.push(res.json().signedUrl);
  }
  return urls;
}

/** Whether the ticket of version `1.0.{i}` is claimed. */
async function ticketClaimed(t: TestApp, i: number): Promise<boolean> {
  const row = await t.ctx.db
    .selectFrom('upload_tickets')
    .innerJoin('node_versions', 'node_versions.id', 'upload_tickets.node_version_id')
    .select('upload_tickets.used_at')
    .where('node_versions.version', '=', `1.0.${i}`)
    .executeTakeFirstOrThrow();
  return row.used_at !== null;
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as { port: number }).port;
}

/** Partial `.partial` blobs being written right now (of version `1.0.{i}`, or of any). */
async function partialBlobs(t: TestApp, i?: number): Promise<number> {
  const folder = i === undefined ? '' : `${path.sep}1.0.${i}${path.sep}`;
  return (await dataFiles(t)).filter((f) => f.endsWith('.partial') && f.includes(folder)).length;
}

describe('dropped uploads', () => {
  it('200 uploads dropped mid-body over TCP leave no descriptor, file or claimed ticket, and the URLs still work', async () => {
    const t = await buildTestApp();
    const urls = await publishVersions(t, 4);
    const port = await listen(t);

    /** One upload to `url` that sends 20 KiB of 1 MiB, waits until the server writes it, then drops. */
    const dropOnce = async (i: number) => {
      const { socket, answer } = await startUpload(port, {
        method: 'PUT',
        path: uploadPath(urls[i] as string),
        headers: {},
        declared: 1024 * 1024,
        bodyBytes: 20 * 1024,
      });
      await eventually(
        () => partialBlobs(t, i),
        (n) => n > 0,
        'a partial blob appearing',
      );
      socket.destroy();
      await answer;
      await eventually(
        () => ticketClaimed(t, i),
        (claimed) => !claimed,
        'the dropped upload giving its URL back',
      );
    };
    // One round first, so pools and lazily opened files are part of the baseline.
    await Promise.all(urls.map((_, i) => dropOnce(i)));
    const before = { fds: await openDescriptors(), files: await dataFiles(t), claimed: await claimedTickets(t) };
    expect(before.files).toEqual([]);

    // 4 URLs × 50 drops each, the URLs in parallel: each drop waits until its URL is given back.
    await Promise.all(
      urls.map(async (_, i) => {
        for (let n = 0; n < 50; n++) await dropOnce(i);
      }),
    );

    await eventually(
      () => claimedTickets(t),
      (n) => n === before.claimed,
      'every ticket coming back',
    );
    await eventually(
      () => dataFiles(t),
      (files) => files.length === 0,
      'every partial file being removed',
    );
    await eventually(openDescriptors, (n) => n <= before.fds, 'descriptors returning to the baseline');
    expect(await t.ctx.db.selectFrom('storage_files').select('id').execute()).toEqual([]);

    // The same signed URLs then take a full upload.
    for (const [i, url] of urls.entries()) {
      const res = await t.anon.inject({
        method: 'PUT',
        url: uploadPath(url),
        headers: { 'content-type': 'application/zip' },
        payload: Buffer.from(packZip({ name: 'hello', version: `1.0.${i}` })),
      });
      expect(res.statusCode).toBe(200);
    }
  }, 300_000);

  it('a dropped browser upload removes its temporary file and the version can be published again', async () => {
    const t = await buildTestApp();
    const { owner } = await acmeWithToken(t);
    const { token } = await t.ctx.identity.sign({ uid: owner.id, email: owner.email, name: owner.name, picture: null });
    const port = await listen(t);
    const before = await openDescriptors();
    for (let i = 0; i < 20; i++) {
      const { socket, answer } = await startUpload(port, {
        method: 'POST',
        path: '/publishers/acme/nodes/hello/versions/upload',
        headers: { Authorization: `Bearer ${token}` },
        declared: 1024 * 1024,
        bodyBytes: 20 * 1024,
      });
      await eventually(
        () => dataFiles(t),
        (files) => files.some((f) => f.endsWith('.upload')),
        'the upload being spooled',
      );
      socket.destroy();
      await answer;
      await eventually(
        () => dataFiles(t),
        (files) => files.length === 0,
        'the spooled file being removed',
      );
    }
    await eventually(openDescriptors, (n) => n <= before, 'descriptors returning to the baseline');
    const client = await t.as(owner);
    const res = await client.inject({
      method: 'POST',
      url: '/publishers/acme/nodes/hello/versions/upload',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
    });
    expect(res.statusCode).toBe(201);
  });

  it('limits one publisher to UPLOADS_IN_FLIGHT_PER_ACCOUNT uploads at once with 429, and frees the slots when they end', async () => {
    const t = await buildTestApp({ UPLOADS_IN_FLIGHT_PER_ACCOUNT: '3' });
    const urls = await publishVersions(t, 5);
    const port = await listen(t);
    const running = [];
    for (const url of urls.slice(0, 3)) {
      running.push(
        await startUpload(port, { method: 'PUT', path: uploadPath(url), headers: {}, declared: 4096, bodyBytes: 100 }),
      );
      await eventually(
        () => partialBlobs(t),
        (n) => n === running.length,
        'the upload starting',
      );
    }
    const refused = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(urls[3] as string),
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '1.0.3' })),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many uploads at once: at most 3 may run for one account',
      error: '',
      code: 'archive.too_many_uploads',
      params: { limit: 3 },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // The refused URL was not used up.
    for (const upload of running) {
      upload.socket.destroy();
      await upload.answer;
    }
    await eventually(
      () => claimedTickets(t),
      (n) => n === 0,
      'the dropped uploads ending',
    );
    for (const i of [3, 4]) {
      const res = await t.anon.inject({
        method: 'PUT',
        url: uploadPath(urls[i] as string),
        headers: { 'content-type': 'application/zip' },
        payload: Buffer.from(packZip({ name: 'hello', version: `1.0.${i}` })),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits one account to UPLOADS_IN_FLIGHT_PER_ACCOUNT browser uploads at once with 429', async () => {
    const t = await buildTestApp({ UPLOADS_IN_FLIGHT_PER_ACCOUNT: '1' });
    const { owner } = await acmeWithToken(t);
    const { token } = await t.ctx.identity.sign({ uid: owner.id, email: owner.email, name: owner.name, picture: null });
    const port = await listen(t);
    const running = await startUpload(port, {
      method: 'POST',
      path: '/publishers/acme/nodes/hello/versions/upload',
      headers: { Authorization: `Bearer ${token}` },
      declared: 4096,
      bodyBytes: 100,
    });
    await eventually(
      () => dataFiles(t),
      (files) => files.some((f) => f.endsWith('.upload')),
      'the upload being spooled',
    );
    const client = await t.as(owner);
    const upload = () =>
      client.inject({
        method: 'POST',
        url: '/publishers/acme/nodes/hello/versions/upload',
        headers: { 'content-type': 'application/zip' },
        payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
      });
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'archive.too_many_uploads', params: { limit: 1 } });
    running.socket.destroy();
    await running.answer;
    await eventually(
      () => dataFiles(t),
      (files) => files.length === 0,
      'the dropped upload ending',
    );
    expect((await upload()).statusCode).toBe(201);
  });

  it('an upload whose body stops arriving is answered 408 and gives its URL back', async () => {
    const t = await buildTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: '1' });
    const [url] = await publishVersions(t, 1);
    const port = await listen(t);
    const { answer } = await startUpload(port, {
      method: 'PUT',
      path: uploadPath(url as string),
      headers: {},
      declared: 4096,
      bodyBytes: 100,
    });
    const text = await answer;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(text).toContain('"message":"The upload stalled"');
    expect(text).toContain('"code":"archive.stalled","params":{"seconds":1}');
    expect(await claimedTickets(t)).toBe(0);
    expect(await dataFiles(t)).toEqual([]);
  });
});
