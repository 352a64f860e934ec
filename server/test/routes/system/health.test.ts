import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../../src/context.js';
import { checkReadiness } from '../../../src/modules/health/readiness.js';
import { buildTestApp } from '../../helpers/app.js';
import { afterThisTest } from '../../helpers/cleanup.js';
import { testConfig } from '../../helpers/config.js';
import { createTestDatabase } from '../../helpers/database.js';
import { fakeS3Settings, startFakeS3 } from '../../storage/fake-s3.js';

describe('GET /health', () => {
  it('answers OK as plain text', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-request-id']).toMatch(/.+/);
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const t = await buildTestApp();
    const good = await t.anon.get('/health', { 'x-request-id': 'abc-123' });
    expect(good.headers['x-request-id']).toBe('abc-123');
    const bad = await t.anon.get('/health', { 'x-request-id': 'a b\tc' });
    expect(bad.headers['x-request-id']).not.toBe('a b\tc');
  });

  it('still answers OK when the database is gone: restarting the process would not bring it back', async () => {
    const t = await buildTestApp();
    await t.database.destroy();
    const res = await t.anon.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
  });
});

describe('GET /ready', () => {
  const ok = (name: string) => ({ name, ok: true, message: '' });

  it('answers 200 once the database answers, every migration is applied and the search index is built', async () => {
    const t = await buildTestApp();
    await t.ctx.search.revision();
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      failing: [],
      checks: [ok('database'), ok('migrations'), ok('search'), ok('disk'), ok('storage')],
    });
  });

  it('answers 503 naming the migrations a database lacks', async () => {
    const t = await buildTestApp();
    await t.ctx.search.revision();
    await sql`delete from kysely_migration where name = '0010_job_fair_key'`.execute(t.ctx.db);
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      failing: ['migrations'],
      checks: [
        ok('database'),
        { name: 'migrations', ok: false, message: 'migrations not applied: 0010_job_fair_key' },
        ok('search'),
        ok('disk'),
        ok('storage'),
      ],
    });
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const t = await buildTestApp();
    await t.ctx.search.revision();
    await t.database.destroy();
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      failing: ['database', 'migrations'],
      checks: [
        { name: 'database', ok: false, message: expect.stringMatching(/.+/) },
        { name: 'migrations', ok: false, message: 'database unreachable' },
        ok('search'),
        ok('disk'),
        ok('storage'),
      ],
    });
  });

  it('answers 503 naming the disk when DATA_DIR has less free space than READY_MIN_FREE_BYTES', async () => {
    // More than any disk this runs on has free: the real free space is read and found short.
    const t = await buildTestApp({ READY_MIN_FREE_BYTES: String(2 ** 60) });
    await t.ctx.search.revision();
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', failing: ['disk'] });
    expect(res.json().checks[3]).toEqual({
      name: 'disk',
      ok: false,
      message: expect.stringMatching(
        new RegExp(
          `^DATA_DIR ${t.ctx.config.database.DATA_DIR} has [0-9.]+ MiB free, less than READY_MIN_FREE_BYTES \\(`,
        ),
      ),
    });
  });

  it('answers 503 naming the disk when DATA_DIR takes no write', async () => {
    const t = await buildTestApp();
    await t.ctx.search.revision();
    // Where uploads spool is not a folder any more (as a read-only or broken mount would refuse writes).
    const tmp = path.join(t.ctx.config.database.DATA_DIR, 'tmp');
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(tmp, 'in the way');
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().failing).toEqual(['disk']);
    expect(res.json().checks[3]).toEqual({
      name: 'disk',
      ok: false,
      message: expect.stringMatching(new RegExp(`^cannot write in ${tmp}: `)),
    });
  });

  it('answers 503 naming the storage when the S3 bucket stops answering', async () => {
    const s3 = await startFakeS3('archives');
    let closed = false;
    afterThisTest(async () => {
      if (!closed) await s3.close();
    });
    const t = await buildTestApp(fakeS3Settings(s3.endpoint, 'archives'));
    await t.ctx.search.revision();
    expect((await t.anon.get('/ready')).statusCode).toBe(200);
    await s3.close();
    closed = true;
    const down = await t.anon.get('/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json().failing).toEqual(['storage']);
    expect(down.json().checks[4]).toEqual({ name: 'storage', ok: false, message: expect.stringMatching(/.+/) });
  });

  it('answers 503 naming the storage when the bucket does not exist', async () => {
    const s3 = await startFakeS3('archives');
    afterThisTest(() => s3.close());
    const t = await buildTestApp(fakeS3Settings(s3.endpoint, 'no-such-bucket'));
    await t.ctx.search.revision();
    const res = await t.anon.get('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().failing).toEqual(['storage']);
  });

  it('is not ready while the search index has not been built', async () => {
    // A context whose app never started: its search index is not built yet.
    const database = await createTestDatabase();
    try {
      const ctx = createContext(testConfig(), database);
      expect(await checkReadiness(ctx)).toEqual([
        ok('database'),
        ok('migrations'),
        { name: 'search', ok: false, message: 'the search index is still being built' },
        ok('disk'),
        ok('storage'),
      ]);
      await ctx.search.start();
      expect((await checkReadiness(ctx)).every((c) => c.ok)).toBe(true);
      await ctx.search.stop();
    } finally {
      await database.destroy();
    }
  });
});

describe('unknown routes', () => {
  it('answer 404 with the error envelope', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/no/such/route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route not found', error: 'GET /no/such/route' });
  });
});

describe('GET /openapi', () => {
  it('serves an OpenAPI 3.1 document that lists the health route', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/openapi');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/health');
    expect(Object.keys(doc.paths)).toContain('/ready');
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('serves the interactive reference at /docs', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html');
  });
});
