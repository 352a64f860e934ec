import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import { runUpstreamSync } from '../../src/modules/mirror/sync.js';
import { requestUpstreamSync } from '../../src/modules/mirror/sync-job.js';
import { UpstreamClient, upstreamOptions } from '../../src/modules/mirror/upstream-client.js';
import type { TestApp } from '../helpers/app.js';
import { changeCatalogue, seedPack } from '../helpers/catalogue.js';
import { buildMirror, captureLog, startUpstream, syncNow, type Upstream } from './support.js';

/** Packs p01..p12 of publisher acme, one version each: six pages of two for the mirror. */
async function twelvePackUpstream(): Promise<Upstream> {
  const upstream = await startUpstream();
  const acme = await upstream.t.factories.publisher({ id: 'acme' });
  for (let i = 1; i <= 12; i++) {
    const id = `p${String(i).padStart(2, '0')}`;
    await seedPack(upstream.t, {
      id,
      publisher: acme,
      node: { description: `pack ${i}` },
      versions: [{ version: '1.0.0' }],
    });
  }
  return upstream;
}

/**
 * A proxy in front of the upstream that holds every request a little before passing it on, so
 * requests the mirror sends together really are in flight together, and counts them at the
 * upstream's door: the most at once, every path, when each answer ended, and (while `failing`
 * matches) a 500 instead. `slow` holds the matching requests longer.
 */
interface CountingProxy {
  url: string;
  maxInFlight: number;
  paths: string[];
  /** `start <path>` and `end <path>`, in the order they happened. */
  events: string[];
  failing: ((path: string) => boolean) | null;
  slow: ((path: string) => boolean) | null;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function countingProxy(target: string, delayMs = 15): Promise<CountingProxy> {
  const proxy: CountingProxy = { url: '', maxInFlight: 0, paths: [], events: [], failing: null, slow: null };
  let inFlight = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    inFlight++;
    proxy.maxInFlight = Math.max(proxy.maxInFlight, inFlight);
    proxy.paths.push(path);
    proxy.events.push(`start ${path}`);
    res.on('close', () => {
      inFlight--;
      proxy.events.push(`end ${path}`);
    });
    setTimeout(
      () => {
        if (proxy.failing?.(path)) {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
          return;
        }
        const forward = httpRequest(`${target}${path}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', () => res.destroy());
        req.pipe(forward);
      },
      proxy.slow?.(path) ? 20 * delayMs : delayMs,
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

const syncCounts = async (mirror: TestApp) => JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}');
const listingPages = (paths: string[]) => paths.filter((p) => p.startsWith('/nodes?page='));

describe('incremental upstream sync over many pages', () => {
  it('catches a new pack, a new version, changed metadata, a ban and a removal, at most UPSTREAM_CONCURRENCY requests at a time', async () => {
    const upstream = await twelvePackUpstream();
    const proxy = await countingProxy(upstream.url);
    const mirror = await buildMirror(proxy.url, { UPSTREAM_PAGE_SIZE: '2', UPSTREAM_CONCURRENCY: '2' });
    await syncNow(mirror);
    expect((await mirror.anon.get('/nodes?limit=50')).json().total).toBe(12);

    // Upstream, on different pages: p03 gets 1.1.0, p07 a new description, p05 is banned by an
    // admin, p09 is deleted, and p13 is published.
    await changeCatalogue(upstream.t, ['p03'], (db) =>
      db
        .insertInto('node_versions')
        .values({
          id: newId(),
          node_id: 'p03',
          version: '1.1.0',
          publisher_id: 'acme',
          status: 'NodeVersionStatusActive',
        })
        .execute(),
    );
    await changeCatalogue(upstream.t, ['p07', 'p09'], async (db) => {
      await db.updateTable('nodes').set({ description: 'rewritten' }).where('id', '=', 'p07').execute();
      await db.updateTable('nodes').set({ status: 'NodeStatusDeleted' }).where('id', '=', 'p09').execute();
    });
    const admin = await upstream.t.as(await upstream.t.factories.admin());
    expect((await admin.post('/publishers/acme/nodes/p05/ban', { reason: 'malware' })).statusCode).toBe(204);
    const acme = await upstream.t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await seedPack(upstream.t, { id: 'p13', publisher: acme, versions: [{ version: '0.1.0' }] });
    await changeCatalogue(upstream.t, ['p13'], async () => {});

    proxy.paths.length = 0;
    proxy.events.length = 0;
    proxy.maxInFlight = 0;
    // p03 (page 2) answers slowly: the walk goes on over the other pages meanwhile.
    proxy.slow = (path) => path === '/nodes/p03/versions';
    await syncNow(mirror);

    expect((await mirror.anon.get('/nodes/p03')).json().latest_version.version).toBe('1.1.0');
    expect((await mirror.anon.get('/nodes/p07')).json().description).toBe('rewritten');
    expect((await mirror.anon.get('/nodes/p13')).json()).toMatchObject({ id: 'p13', mirrored_from: proxy.url });
    // Banned and removed upstream: marked here, not deleted.
    const marked = await mirror.ctx.db
      .selectFrom('nodes')
      .select(['id', 'status', 'status_detail'])
      .where('id', 'in', ['p05', 'p09'])
      .orderBy('id')
      .execute();
    expect(marked).toEqual([
      { id: 'p05', status: 'NodeStatusBanned', status_detail: 'banned upstream' },
      { id: 'p09', status: 'NodeStatusDeleted', status_detail: 'removed upstream' },
    ]);
    expect((await mirror.anon.get('/nodes?limit=50')).json().total).toBe(11);

    // Every listing page read once, and nothing beyond the listing for the unchanged packs.
    const pages = listingPages(proxy.paths);
    expect(pages.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/nodes?page=${n}&limit=2`));
    expect(proxy.paths.filter((p) => /^\/nodes\/p(01|02|04|06|08|10|11|12)\b/.test(p))).toEqual([]);
    // The pages were read side by side, never more than two requests at the upstream at once, and
    // the last page was read while the changed pack on page 2 was still waiting for its versions.
    expect(proxy.maxInFlight).toBe(2);
    expect(proxy.events.indexOf('start /nodes?page=6&limit=2')).toBeLessThan(
      proxy.events.indexOf('end /nodes/p03/versions'),
    );
    expect(await syncCounts(mirror)).toMatchObject({
      pages: 6,
      packsSeen: 11,
      packsWritten: 3,
      packsUnchanged: 8,
      markedBanned: 1,
      markedRemoved: 1,
      refused: 0,
    });
  });

  it('fails on a page the upstream keeps refusing, then resumes at the first unfinished page and counts every page once', async () => {
    const upstream = await twelvePackUpstream();
    const proxy = await countingProxy(upstream.url);
    const mirror = await buildMirror(proxy.url, { UPSTREAM_PAGE_SIZE: '2' });
    const options = upstreamOptions(mirror.ctx.config);
    if (!options) throw new Error('the mirror has an upstream');

    proxy.failing = (path) => path === '/nodes?page=3&limit=2';
    await requestUpstreamSync(mirror.ctx, false);
    await expect(runUpstreamSync(mirror.ctx, new UpstreamClient(options), { log: captureLog() })).rejects.toThrow(
      /upstream unavailable for .*page=3/,
    );
    // Pages after the refused one may have been synced meanwhile; the resume point is still page 3.
    expect(await readSyncState(mirror.ctx.db)).toMatchObject({ status: 'running', next_page: 3 });
    expect(await syncCounts(mirror)).toMatchObject({ pages: 2, packsSeen: 4 });

    proxy.failing = null;
    proxy.paths.length = 0;
    await runUpstreamSync(mirror.ctx, new UpstreamClient(options), { log: captureLog() });
    expect(listingPages(proxy.paths).sort()).toEqual([3, 4, 5, 6].map((n) => `/nodes?page=${n}&limit=2`));
    expect(await readSyncState(mirror.ctx.db)).toMatchObject({ status: 'done', next_page: 7 });
    const counts = await syncCounts(mirror);
    expect(counts).toMatchObject({ pages: 6, packsSeen: 12, refused: 0 });
    expect(counts.packsWritten + counts.packsUnchanged).toBe(12);
    expect((await mirror.anon.get('/nodes?limit=50')).json().total).toBe(12);
  });
});
