import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import { processQueuedJobs } from '../clients/support.js';
import { sampleArchive } from '../helpers/catalogue.js';
import { afterThisTest } from '../helpers/cleanup.js';
import { HOSTILE_KEY, startHostileUpstream } from './hostile-upstream.js';
import { buildMirror, captureLog, runSyncJobs, syncNow } from './support.js';

/** A loopback-only service (an internal admin API, a metadata endpoint): what SSRF reaches for. */
async function internalService(): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/zip' });
    response.end('internal secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterThisTest(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

async function versionRow(mirror: Awaited<ReturnType<typeof buildMirror>>) {
  return mirror.ctx.db
    .selectFrom('node_versions')
    .select(['status', 'status_reason', 'storage_file_id'])
    .where('node_id', '=', 'alpha')
    .executeTakeFirstOrThrow();
}

/** The upstream-sync jobs: how each ended and how many times it ran. */
async function syncJobs(mirror: Awaited<ReturnType<typeof buildMirror>>) {
  return mirror.ctx.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'upstream-sync').execute();
}

describe('the mirror stays on the upstream host', () => {
  it('refuses an archive URL naming another host, and fetches nothing from it', async () => {
    const internal = await internalService();
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.downloadUrl = `${internal.url}/admin/secret`;
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    const answer = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toBe('Upstream archive refused');
    expect(answer.body).not.toContain('internal secret');
    expect(internal.hits).toEqual([]);
    expect((await versionRow(mirror)).storage_file_id).toBeNull();
  });

  it('refuses an archive redirect to another host', async () => {
    const internal = await internalService();
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.archive = { kind: 'redirect', location: `${internal.url}/admin/secret` };
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    const answer = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error).toMatch(/redirect to another host/);
    expect(internal.hits).toEqual([]);
    expect((await versionRow(mirror)).storage_file_id).toBeNull();
  });

  it('refuses a listing page redirected to another host: the sync fails with the reason', async () => {
    const internal = await internalService();
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.nodesRedirect = `${internal.url}/nodes?page=1`;
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    const state = await readSyncState(mirror.ctx.db);
    expect(state?.last_error).toMatch(/redirect to another host/);
    expect(internal.hits).toEqual([]);
  });

  it('fetches archives from a host listed in UPSTREAM_ARCHIVE_HOSTS', async () => {
    const bytes = sampleArchive('alpha', '1.0.0');
    const archives = await startHostileUpstream(bytes);
    const upstream = await startHostileUpstream(bytes);
    upstream.downloadUrl = `${archives.url}/files/${HOSTILE_KEY}`;
    const mirror = await buildMirror(upstream.url, { UPSTREAM_ARCHIVE_HOSTS: new URL(archives.url).host });
    await syncNow(mirror);
    const answer = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the mirror applies every analysis outcome', () => {
  it('takes a mirrored archive the analyser refuses (zip-slip) out of installs', async () => {
    const toml = new TextEncoder().encode('[project]\nname = "alpha"\nversion = "1.0.0"\n');
    const evil = Buffer.from(
      zipSync({ 'pyproject.toml': toml, '../../escape.py': new TextEncoder().encode('x = 1\n') }),
    );
    const upstream = await startHostileUpstream(evil);
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    await processQueuedJobs(mirror);
    const version = await versionRow(mirror);
    expect(version.status).toBe('NodeVersionStatusDeleted');
    expect(version.status_reason).toMatch(/^Archive rejected: /);
    expect((await mirror.anon.get(`/files/${HOSTILE_KEY}`)).statusCode).toBe(404);
    expect((await mirror.anon.get('/nodes/alpha/install?version=1.0.0')).statusCode).not.toBe(200);
  });
});

describe('a hostile listing cannot keep the sync busy', () => {
  it('refuses a listing that announces more pages than UPSTREAM_MAX_PAGES', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    const base = upstream.nodesPage;
    upstream.nodesPage = (page) => ({ ...(base(page) as object), totalPages: 1_000_000_000 });
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    expect((await readSyncState(mirror.ctx.db))?.last_error).toMatch(/announces 1000000000 pages/);
    // Page 1 once: the job is not retried, since the upstream would answer the same.
    expect(upstream.requests.filter((r) => r.startsWith('/nodes?')).map((r) => r.split('&')[0])).toEqual([
      '/nodes?page=1',
    ]);
    expect(await syncJobs(mirror)).toEqual([{ status: 'failed', attempts: 1 }]);
  });

  it('stops at the first empty page, whatever totalPages says', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    const base = upstream.nodesPage;
    upstream.nodesPage = (page) =>
      page === 1 ? { ...(base(page) as object), totalPages: 5000 } : { nodes: [], totalPages: 5000 };
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror);
    expect((await readSyncState(mirror.ctx.db))?.status).toBe('done');
    // The first page, then at most one batch of pages worked on at once.
    expect(upstream.requests.filter((r) => r.startsWith('/nodes?')).length).toBeLessThanOrEqual(10);
  });

  it('refuses a page of a million entries without logging each', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.rawNodesPage = () => `{"totalPages":1,"nodes":[${Array(1_000_000).fill('{}').join(',')}]}`;
    const mirror = await buildMirror(upstream.url);
    const log = captureLog();
    await syncNow(mirror, { log });
    expect((await readSyncState(mirror.ctx.db))?.last_error).toMatch(/has 1000000 entries; 100 were asked for/);
    expect(log.warnings.length).toBeLessThanOrEqual(2);
  });

  it('refuses a page larger than UPSTREAM_MAX_ANSWER_BYTES once, without retrying the job', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.rawNodesPage = () => JSON.stringify({ totalPages: 1, nodes: [], padding: 'x'.repeat(64 * 1024) });
    const mirror = await buildMirror(upstream.url, { UPSTREAM_MAX_ANSWER_BYTES: '16384' });
    await syncNow(mirror);
    const state = await readSyncState(mirror.ctx.db);
    expect(state?.status).toBe('failed');
    expect(state?.last_error).toMatch(/answer larger than 16384 bytes/);
    expect(upstream.requests.filter((r) => r.startsWith('/nodes?')).length).toBe(1);
    expect(await syncJobs(mirror)).toEqual([{ status: 'failed', attempts: 1 }]);
  });

  it('logs the first refusals one by one and sums up the rest in one line', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.nodesPage = () => ({ nodes: Array(100).fill({ id: 'bad id!' }), totalPages: 1 });
    const mirror = await buildMirror(upstream.url);
    const log = captureLog();
    await syncNow(mirror, { log });
    expect(JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}').refused).toBe(100);
    expect(log.warnings.length).toBe(21);
    expect(log.warnings.at(-1)?.msg).toBe('100 upstream items refused in this run; the first 20 were logged');
  });

  it('cuts an archive that drips slower than UPSTREAM_ARCHIVE_MAX_SECONDS allows', async () => {
    const bytes = sampleArchive('alpha', '1.0.0');
    const upstream = await startHostileUpstream(bytes);
    upstream.archive = { kind: 'drip', everyMs: 200 };
    const mirror = await buildMirror(upstream.url, { UPSTREAM_ARCHIVE_MAX_SECONDS: '1' });
    await syncNow(mirror);
    const answer = await mirror.anon.get(`/files/${HOSTILE_KEY}`).catch(() => null);
    if (answer) expect(answer.rawPayload.equals(bytes)).toBe(false);
    expect((await versionRow(mirror)).storage_file_id).toBeNull();
  });

  it('stops a running sync an admin cancels, before its next page', async () => {
    const upstream = await startHostileUpstream(sampleArchive('alpha', '1.0.0'));
    upstream.nodesPage = (page) => ({
      nodes: [{ id: `pack${page}`, publisher: { id: 'acme' } }],
      totalPages: 50,
    });
    upstream.pageDelayMs = 300;
    const mirror = await buildMirror(upstream.url, { UPSTREAM_CONCURRENCY: '1' });
    const admin = await mirror.as(await mirror.factories.admin());
    const user = await mirror.as(await mirror.factories.user());
    expect((await admin.post('/admin/upstream/sync', {})).statusCode).toBe(202);
    const running = runSyncJobs(mirror);
    await expect.poll(() => upstream.requests.filter((r) => r.startsWith('/nodes?')).length).toBeGreaterThan(2);
    expect((await user.post('/admin/upstream/sync/cancel')).statusCode).toBe(403);
    const cancel = await admin.post('/admin/upstream/sync/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().cancelled).toBe(true);
    await running;
    const state = await readSyncState(mirror.ctx.db);
    expect(state?.status).toBe('failed');
    expect(state?.last_error).toBe('cancelled by an administrator');
    expect(upstream.requests.filter((r) => r.startsWith('/nodes?')).length).toBeLessThan(50);
    expect((await admin.post('/admin/upstream/sync/cancel')).json().cancelled).toBe(false);
  });
});
