import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLeftoverSweeper, sweepLeftovers } from '../../../src/modules/publishing/leftovers.js';
import { claimUploadTicket } from '../../../src/modules/publishing/upload-ticket.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from './comfy-cli.js';

const HOUR = 60 * 60 * 1000;

/** Writes a file as a crashed process would have left it, last written `ageMs` ago. */
async function leftover(file: string, ageMs: number): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(4096, 1));
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
  return file;
}

async function files(t: TestApp): Promise<string[]> {
  const root = t.config.database.DATA_DIR;
  const found = await Promise.all(
    ['blobs', 'tmp'].map((dir) =>
      readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(() => []),
    ),
  );
  return found
    .flat()
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Publishes acme/hello 1.0.0 and takes its upload URL the way an upload does, backdated by `ageMs`. */
async function crashedUpload(t: TestApp, ageMs: number) {
  const { token } = await acmeWithToken(t);
  const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
  expect(res.statusCode).toBe(201);
  const url: string = res.json().signedUrl;
  await claimUploadTicket(t.ctx.db, uploadPath(url).split('/').pop() as string, new Date(Date.now() - ageMs));
  return { url, token };
}

function putZip(t: TestApp, url: string) {
  return t.anon.inject({
    method: 'PUT',
    url: uploadPath(url),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
  });
}

describe('leftovers of crashed uploads and analyses', () => {
  it('the sweep at start removes old partial blobs, spooled uploads and analysis copies, and gives the upload URL back', async () => {
    const t = await buildTestApp();
    const { url } = await crashedUpload(t, 10 * 60 * 1000);
    const root = t.config.database.DATA_DIR;
    await leftover(path.join(root, 'blobs/acme/hello/1.0.0/node.zip.3f1c.partial'), 2 * HOUR);
    await leftover(path.join(root, 'tmp/5b0e.upload'), 2 * HOUR);
    await leftover(path.join(root, 'tmp/9a7d.zip'), 2 * HOUR);
    // Files a live upload or analysis is writing or reading right now stay.
    const live = [
      await leftover(path.join(root, 'blobs/acme/hello/1.0.1/node.zip.77aa.partial'), 0),
      await leftover(path.join(root, 'tmp/live.upload'), 0),
      await leftover(path.join(root, 'tmp/live.zip'), 0),
    ];
    // Before the sweep the crashed upload still holds the URL.
    expect((await putZip(t, url)).statusCode).toBe(409);

    const sweeper = startLeftoverSweeper(t.ctx, { info() {}, warn() {} });
    await sweeper.first;
    sweeper.stop();

    expect(await files(t)).toEqual(live.map((f) => path.relative(root, f)).sort());
    // The publisher retries the same URL, as docs/publishing.md promises.
    expect((await putZip(t, url)).statusCode).toBe(200);
  });

  it('after a crash mid-upload the version can be published again once the upload stopped showing signs of life', async () => {
    const t = await buildTestApp();
    const { token } = await crashedUpload(t, 5 * 60 * 1000);
    // No sweep needed: a claim nobody has renewed for minutes is not an upload in progress.
    const again = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
    expect(again.statusCode).toBe(201);
    expect((await putZip(t, again.json().signedUrl)).statusCode).toBe(200);
  });

  it('leaves a running upload alone: its URL stays taken and a re-publish is refused', async () => {
    const t = await buildTestApp();
    const { url, token } = await crashedUpload(t, 10 * 1000);
    expect(await sweepLeftovers(t.ctx)).toEqual({ files: 0, tickets: 0 });
    expect((await putZip(t, url)).statusCode).toBe(409);
    const again = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
    expect(again.statusCode).toBe(400);
  });
});
