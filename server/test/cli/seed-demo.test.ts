import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import semver from 'semver';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { LocalBlobStore } from '../../src/engines/storage/local-blob-store.js';
import { cliWorkspace } from './run-command.js';

/** Every table the seeder writes, dumped in a stable order (the change feed's times are "now", so left out). */
async function dump(db: Kysely<Database>) {
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    publishers: await db.selectFrom('publishers').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('publisher_members').selectAll().orderBy('publisher_id').execute(),
    nodes: await db.selectFrom('nodes').selectAll().orderBy('id').execute(),
    versions: await db.selectFrom('node_versions').selectAll().orderBy('id').execute(),
    history: await db.selectFrom('node_version_status_history').selectAll().orderBy('id').execute(),
    files: await db.selectFrom('storage_files').selectAll().orderBy('id').execute(),
    comfyNodes: await db.selectFrom('comfy_nodes').selectAll().orderBy('id').execute(),
    downloads: await db.selectFrom('download_counts').selectAll().orderBy('node_version_id').execute(),
  };
}

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('registry seed-demo', () => {
  it('writes the same catalogue for the same seed, and a different one for another seed', async () => {
    const [a, b, c] = await Promise.all([cliWorkspace(), cliWorkspace(), cliWorkspace()]);
    const args = ['--packs', '40', '--seed', '11', '--versions-per-pack', '3'];
    const [ra, rb, rc] = await Promise.all([
      a.run('seed-demo', args),
      b.run('seed-demo', args),
      c.run('seed-demo', ['--packs', '40', '--seed', '12', '--versions-per-pack', '3']),
    ]);
    expect([ra.code, rb.code, rc.code]).toEqual([0, 0, 0]);
    const [da, db, dc] = await Promise.all([dump(a.open().db), dump(b.open().db), dump(c.open().db)]);
    expect(da.nodes).toHaveLength(40);
    expect(db).toEqual(da);
    expect(dc.nodes.map((n) => n.id)).not.toEqual(da.nodes.map((n) => n.id));
    expect(ra.out.replace(/Took .*/, '')).toBe(rb.out.replace(/Took .*/, ''));
  });

  it('reports and writes consistent counts', async () => {
    const cli = await cliWorkspace();
    const result = await cli.run('seed-demo', ['--packs', '300', '--seed', '3', '--versions-per-pack', '2']);
    expect(result.code).toBe(0);
    const { db } = cli.open();
    const d = await dump(db);
    expect(d.nodes).toHaveLength(300);
    expect(d.versions).toHaveLength(600);
    expect(d.files).toHaveLength(600);
    expect(d.users).toHaveLength(d.publishers.length);
    expect(d.members).toHaveLength(d.publishers.length);
    expect(d.members.every((m) => m.role === 'owner')).toBe(true);
    expect(result.out).toContain(
      `Publishers: ${d.publishers.length} (one owner account each)\nPacks: 300\nVersions: 600 (`,
    );
    expect(result.out).toContain(`Class definitions: ${d.comfyNodes.length}\nArchives: 600 (`);

    const statuses = new Set(d.versions.map((v) => v.status));
    expect(statuses).toEqual(
      new Set(['NodeVersionStatusActive', 'NodeVersionStatusPending', 'NodeVersionStatusFlagged']),
    );
    const active = d.versions.filter((v) => v.status === 'NodeVersionStatusActive');
    expect(active.length / d.versions.length).toBeGreaterThan(0.85);
    expect(d.versions.some((v) => Boolean(v.deprecated))).toBe(true);

    // latest_version_id follows the registry's rule: the highest Active version, or none.
    for (const node of d.nodes) {
      const mine = active.filter((v) => v.node_id === node.id).map((v) => v.version);
      const latest = d.versions.find((v) => v.id === node.latest_version_id);
      if (mine.length === 0) expect(node.latest_version_id).toBeNull();
      else expect(latest?.version).toBe(mine.sort(semver.rcompare)[0]);
      // A pack's downloads are the sum over its versions, as the install counter keeps them.
      const sum = d.versions.filter((v) => v.node_id === node.id).reduce((s, v) => s + Number(v.downloads), 0);
      expect(Number(node.downloads)).toBe(sum);
    }
    // Every non-pending version has its pack's class definitions, with INPUT_TYPES as JSON.
    const firstNode = d.comfyNodes[0];
    expect(firstNode).toMatchObject({ source: 'archive', source_file: '__init__.py' });
    expect(JSON.parse(firstNode?.input_types ?? '')).toHaveProperty('required');
    const pendingIds = new Set(d.versions.filter((v) => v.status === 'NodeVersionStatusPending').map((v) => v.id));
    expect(d.comfyNodes.some((n) => pendingIds.has(n.node_version_id ?? ''))).toBe(false);
    const changes = await db.selectFrom('catalogue_changes').select('node_id').execute();
    expect(new Set(changes.map((c) => c.node_id)).size).toBe(300);
    // Every version starts its history as a published one does: one row from nothing to its status.
    const byVersion = new Map(d.history.map((h) => [h.node_version_id, h]));
    expect(d.history).toHaveLength(600);
    for (const v of d.versions) {
      expect(byVersion.get(v.id)).toMatchObject({
        from_status: null,
        to_status: v.status,
        to_reason: v.status_reason,
        actor_user_id: null,
        created_at: v.created_at,
      });
    }
  });

  it('stores each archive as a valid zip with pyproject.toml at the root', async () => {
    const cli = await cliWorkspace();
    expect((await cli.run('seed-demo', ['--packs', '5', '--seed', '9'])).code).toBe(0);
    const { db } = cli.open();
    const row = await db
      .selectFrom('node_versions')
      .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
      .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
      .select([
        'nodes.id as nodeId',
        'node_versions.version',
        'storage_files.storage_key',
        'storage_files.sha256',
        'storage_files.size_bytes',
        'nodes.publisher_id',
      ])
      .orderBy('node_versions.id')
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBe(`${row.publisher_id}/${row.nodeId}/${row.version}/node.zip`);

    const store = new LocalBlobStore(`${cli.dataDir}/blobs`, 'http://registry.test');
    const blob = await store.get(row.storage_key);
    if (!blob) throw new Error('archive missing');
    const bytes = await readAll(blob.body);
    expect(bytes.length).toBe(Number(row.size_bytes));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);

    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).sort()).toEqual(['README.md', '__init__.py', 'pyproject.toml']);
    const pyproject = parseToml(strFromU8(files['pyproject.toml'] as Uint8Array)) as {
      project: { name: string; version: string };
      tool: { comfy: { PublisherId: string } };
    };
    expect(pyproject.project).toMatchObject({ name: row.nodeId, version: row.version });
    expect(pyproject.tool.comfy.PublisherId).toBe(row.publisher_id);
    const classes = await db.selectFrom('comfy_nodes').select('name').where('node_id', '=', row.nodeId).execute();
    const init = strFromU8(files['__init__.py'] as Uint8Array);
    for (const { name } of classes) expect(init).toContain(`class ${name}:`);
  });

  it('can leave archives out or store only the latest', async () => {
    const cli = await cliWorkspace();
    expect((await cli.run('seed-demo', ['--packs', '20', '--archives', 'latest'])).code).toBe(0);
    const { db } = cli.open();
    const versions = await db.selectFrom('node_versions').select(['id', 'storage_file_id']).execute();
    const nodes = await db.selectFrom('nodes').select('latest_version_id').execute();
    const latest = new Set(nodes.map((n) => n.latest_version_id));
    for (const v of versions) expect(v.storage_file_id !== null).toBe(latest.has(v.id));
  });

  it('refuses to load the same seed twice', async () => {
    const cli = await cliWorkspace();
    expect((await cli.run('seed-demo', ['--packs', '3', '--archives', 'none'])).code).toBe(0);
    const again = await cli.run('seed-demo', ['--packs', '3', '--archives', 'none']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Demo ids already exist');
  });

  it.each([
    [[], '--packs is required.'],
    [['--packs', '0'], '--packs must be a whole number from 1 to 1000000, not "0".'],
    [['--packs', '1e3'], '--packs must be a whole number from 1 to 1000000, not "1e3".'],
    [
      ['--packs', '5', '--versions-per-pack', '51'],
      '--versions-per-pack must be a whole number from 1 to 50, not "51".',
    ],
    [['--packs', '5', '--archives', 'some'], '--archives must be one of all, latest, none, not "some".'],
  ])('rejects %j', async (args, message) => {
    const cli = await cliWorkspace();
    expect(await cli.run('seed-demo', args)).toMatchObject({ code: 2, err: message });
  });
});
