import { describe, expect, it } from 'vitest';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import { runUpstreamSync } from '../../src/modules/mirror/sync.js';
import { requestUpstreamSync } from '../../src/modules/mirror/sync-job.js';
import { UpstreamClient, upstreamOptions } from '../../src/modules/mirror/upstream-client.js';
import { seedPack } from '../helpers/catalogue.js';
import { buildMirror, captureLog, runSyncJobs, startUpstream, syncNow } from './support.js';

describe('upstream sync after an interruption', () => {
  it('resumes at the page it stopped at instead of starting again', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    for (const id of ['p1', 'p2', 'p3'])
      await seedPack(upstream.t, { id, publisher: acme, versions: [{ version: '1.0.0' }] });
    const mirror = await buildMirror(upstream, { UPSTREAM_PAGE_SIZE: '1' });

    // The first run is stopped after its first page, as a shutdown would stop it.
    await requestUpstreamSync(mirror.ctx, false);
    const stop = new AbortController();
    const options = upstreamOptions(mirror.ctx.config);
    if (!options) throw new Error('the mirror has an upstream');
    await runUpstreamSync(mirror.ctx, new UpstreamClient(options), {
      log: captureLog(),
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    expect(await readSyncState(mirror.ctx.db)).toMatchObject({ status: 'running', next_page: 2, total_pages: 3 });
    expect((await mirror.anon.get('/nodes?limit=10')).json().nodes.map((n: { id: string }) => n.id)).toEqual(['p1']);

    // The queued job (as a restarted worker would) carries on from page 2. (The stopped run may
    // have read pages ahead; only what the resumed run asks for counts here.)
    const before = upstream.requests.length;
    await runSyncJobs(mirror);
    const state = await readSyncState(mirror.ctx.db);
    expect(state?.status).toBe('done');
    expect(JSON.parse(state?.counts ?? '{}')).toMatchObject({ pages: 3, packsWritten: 3 });
    expect(upstream.requests.filter((u) => u === '/nodes?page=1&limit=1')).toHaveLength(1);
    expect(upstream.requests.slice(before).filter((u) => u.startsWith('/nodes?page='))).toEqual([
      '/nodes?page=2&limit=1',
      '/nodes?page=3&limit=1',
    ]);
    const ids = (await mirror.anon.get('/nodes?limit=10')).json().nodes.map((n: { id: string }) => n.id);
    expect(ids.sort()).toEqual(['p1', 'p2', 'p3']);
  });
});

describe('a client walking the mirror', () => {
  it('sees local and mirrored packs once each, as ComfyUI-Manager pages /nodes, and installs every one', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    for (const id of ['alpha', 'beta', 'shared']) {
      await seedPack(upstream.t, { id, publisher: acme, versions: [{ version: '1.0.0' }] });
    }
    const mirror = await buildMirror(upstream);
    const studio = await mirror.factories.publisher({ id: 'studio' });
    await seedPack(mirror, { id: 'inhouse', publisher: studio, versions: [{ version: '0.3.0' }] });
    // A pack published here under an id the upstream also has: only the local one is listed.
    await seedPack(mirror, { id: 'shared', publisher: studio, versions: [{ version: '5.0.0' }] });
    await syncNow(mirror);

    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const answer = (await mirror.anon.get(`/nodes?page=${page}&limit=2`)).json();
      seen.push(...answer.nodes.map((n: { id: string }) => n.id));
      if (page >= answer.totalPages) break;
    }
    expect(seen.sort()).toEqual(['alpha', 'beta', 'inhouse', 'shared']);

    for (const id of seen) {
      const install = await mirror.anon.get(`/nodes/${id}/install`);
      expect(install.statusCode).toBe(200);
      const url = new URL(install.json().downloadUrl);
      expect(url.origin).toBe('http://registry.test');
      const archive = await mirror.anon.get(url.pathname);
      expect(archive.statusCode).toBe(200);
      expect(archive.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await mirror.anon.get('/nodes/shared/install')).json().version).toBe('5.0.0');
  });
});
