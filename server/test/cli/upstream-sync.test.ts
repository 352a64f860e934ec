import { describe, expect, it } from 'vitest';
import { seedPack } from '../helpers/catalogue.js';
import { startUpstream } from '../mirror/support.js';
import { cliWorkspace } from './run-command.js';

describe('registry upstream-sync', () => {
  it('syncs from the upstream with a progress bar on stderr and the result on stdout', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    await seedPack(upstream.t, { id: 'alpha', publisher: acme, versions: [{ version: '1.0.0' }] });
    await seedPack(upstream.t, { id: 'beta', publisher: acme, versions: [{ version: '2.0.0' }] });
    const ws = await cliWorkspace();
    ws.env.UPSTREAM_URL = upstream.url;

    const result = await ws.run('upstream-sync', []);
    expect(result.err).toContain('\r[##############################] page 1/1, 2 written, 0 unchanged, 0 refused');
    expect(result.err).toMatch(/\nsync took: \d+ ms\n/);
    expect(result.out).toMatch(
      new RegExp(`^upstream ${upstream.url}: done pages=1/1 pages=1 packsSeen=2 packsWritten=2 .*requests=\\d+\\n$`),
    );
    expect(result.code).toBe(0);
    const nodes = await ws.open().db.selectFrom('nodes').select(['id', 'mirrored_from']).orderBy('id').execute();
    expect(nodes).toEqual([
      { id: 'alpha', mirrored_from: upstream.url },
      { id: 'beta', mirrored_from: upstream.url },
    ]);

    // Again: nothing changed upstream, so nothing is written.
    const again = await ws.run('upstream-sync', []);
    expect(again.err).toContain('page 1/1, 0 written, 2 unchanged, 0 refused');
    expect(again.code).toBe(0);
  });

  it('says how to configure the upstream when none is set, and changes nothing', async () => {
    const ws = await cliWorkspace();
    const result = await ws.run('upstream-sync', []);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: 'No upstream configured: set UPSTREAM_URL (e.g. https://api.comfy.org) and run again.\n',
    });
  });

  it('refuses unknown flags with its usage', async () => {
    const ws = await cliWorkspace();
    const result = await ws.run('upstream-sync', ['--everything']);
    expect(result.code).toBe(2);
  });
});
