import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWorkspace } from '../cli/run-command.js';
import { seedPack } from '../helpers/catalogue.js';
import { startUpstream } from './support.js';

/** A Manager list (custom-node-list.json) with these ids, written into the workspace. */
function managerList(dir: string, ids: string[]): string {
  const file = path.join(dir, 'custom-node-list.json');
  const custom_nodes = ids.map((id) => ({
    id,
    title: id,
    author: 'someone',
    description: '',
    reference: `https://github.com/someone/${id}`,
    files: [`https://github.com/someone/${id}`],
  }));
  writeFileSync(file, JSON.stringify({ custom_nodes }));
  return file;
}

const mirrorEnv = (url: string) => ({
  UPSTREAM_URL: url,
  UPSTREAM_SYNC_INTERVAL: '0',
  UPSTREAM_RETRY_BASE_MS: '10',
  UPSTREAM_MAX_RETRIES: '1',
  UPSTREAM_TIMEOUT_MS: '5000',
  UPSTREAM_REQUESTS_PER_SECOND: '1000',
});

describe('the Manager-list import on a mirror', () => {
  it('leaves out ids the upstream has (listed or banned) unless an admin released them', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    await seedPack(upstream.t, { id: 'alpha', publisher: acme, versions: [{ version: '1.0.0' }] });
    await seedPack(upstream.t, { id: 'beta', publisher: acme, versions: [{ version: '1.0.0' }] });
    await seedPack(upstream.t, { id: 'gone', publisher: acme, node: { status: 'NodeStatusBanned' }, versions: [] });
    const cli = await cliWorkspace();
    Object.assign(cli.env, mirrorEnv(upstream.url));
    const list = managerList(cli.dataDir, ['Alpha', 'beta', 'gone', 'fresh']);

    const first = await cli.run('import-manager-list', ['--nodes', list]);
    expect(first.code).toBe(0);
    expect(first.err).toContain(`Asking ${upstream.url} about 4 ids not here yet`);
    expect(first.out).toContain('Imported:  1\n');
    expect(first.out).toContain('  taken-upstream: 3\n');
    expect(upstream.requests).toEqual(expect.arrayContaining(['/nodes/Alpha', '/nodes/beta', '/nodes/gone']));
    const { db } = cli.open();
    const ids = async () => (await db.selectFrom('nodes').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(await ids()).toEqual(['fresh']);

    // An admin releases beta for local use: the next import takes it, and asks only about new ids.
    await db
      .insertInto('upstream_overrides')
      .values({
        normalized_id: 'beta',
        node_id: 'beta',
        reason: 'ours',
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    upstream.requests.length = 0;
    const second = await cli.run('import-manager-list', ['--nodes', list]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('Imported:  1\n');
    expect(await ids()).toEqual(['beta', 'fresh']);
    expect(upstream.requests).toEqual(expect.arrayContaining(['/nodes/Alpha', '/nodes/gone']));
    expect(upstream.requests).not.toContain('/nodes/beta');
    expect(upstream.requests).not.toContain('/nodes/fresh');
  });

  it('imports nothing and exits 1 while the upstream cannot say which ids it has', async () => {
    const cli = await cliWorkspace();
    Object.assign(cli.env, mirrorEnv('http://127.0.0.1:9'));
    const list = managerList(cli.dataDir, ['fresh', 'other']);

    const result = await cli.run('import-manager-list', ['--nodes', list]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('The upstream registry could not say which ids it has');
    expect(result.err).toContain('Nothing was imported.');
    const { db } = cli.open();
    expect(await db.selectFrom('nodes').select('id').execute()).toEqual([]);
  });
});
