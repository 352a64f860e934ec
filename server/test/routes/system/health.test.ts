import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../../src/context.js';
import { checkReadiness } from '../../../src/modules/health/readiness.js';
import { buildTestApp } from '../../helpers/app.js';
import { testConfig } from '../../helpers/config.js';
import { createTestDatabase } from '../../helpers/database.js';

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
      checks: [ok('database'), ok('migrations'), ok('search')],
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
      ],
    });
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
