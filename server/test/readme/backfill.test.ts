import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveKey } from '../../src/engines/storage/blob-store.js';
import { backfillReadmes } from '../../src/modules/pipeline/readme-backfill.js';
import { buildTestApp } from '../helpers/app.js';
import { seedPack, storeArchive } from '../helpers/catalogue.js';

const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

describe('readme-backfill', () => {
  it('stores the README of versions published before READMEs were read, once', async () => {
    const t = await buildTestApp();
    const { node, publisher, versions } = await seedPack(t, {
      id: 'old-pack',
      versions: [
        { version: '1.0.0' },
        { version: '1.1.0' },
        { version: '1.2.0' },
        { version: '2.0.0', archive: false },
      ],
    });
    // Replace the seeded archives: one at the root, one wrapped in a folder, one with none.
    const archives: [string, Buffer][] = [
      ['1.0.0', zip({ 'pyproject.toml': '', 'README.md': '# Old\n' })],
      ['1.1.0', zip({ 'old-pack-main/pyproject.toml': '', 'old-pack-main/README.rst': 'Wrapped\n=======\n' })],
      ['1.2.0', zip({ 'pyproject.toml': '', 'docs/README.md': '# not the pack README' })],
    ];
    for (const [version, bytes] of archives) {
      const file = await storeArchive(t, `${archiveKey(publisher.id, node.id, version)}.new`, bytes);
      await t.ctx.db
        .updateTable('node_versions')
        .set({ storage_file_id: file.id })
        .where('node_id', '=', node.id)
        .where('version', '=', version)
        .execute();
    }

    expect(await backfillReadmes(t.ctx)).toEqual({ read: 3, found: 2, unreadable: 0 });
    const rows = await t.ctx.db
      .selectFrom('node_version_readmes')
      .select(['node_version_id', 'file_name', 'format', 'content'])
      .orderBy('file_name')
      .execute();
    expect(rows).toEqual([
      { node_version_id: versions[0]?.id, file_name: 'README.md', format: 'markdown', content: '# Old\n' },
      { node_version_id: versions[1]?.id, file_name: 'README.rst', format: 'rst', content: 'Wrapped\n=======\n' },
    ]);
    const served = await t.anon.get('/nodes/old-pack/versions/1.1.0/readme');
    expect(served.json()).toMatchObject({ version: '1.1.0', format: 'rst', content: 'Wrapped\n=======\n' });

    // A second run reads only the archive without a README again and changes nothing.
    expect(await backfillReadmes(t.ctx)).toEqual({ read: 1, found: 0, unreadable: 0 });
    expect(await t.ctx.db.selectFrom('node_version_readmes').select('node_version_id').execute()).toHaveLength(2);
  });

  it('skips an archive that is missing or not a zip without stopping', async () => {
    const t = await buildTestApp();
    const { node, publisher } = await seedPack(t, {
      id: 'broken',
      versions: [{ version: '1.0.0' }, { version: '1.1.0' }],
    });
    const garbage = await storeArchive(
      t,
      `${archiveKey(publisher.id, node.id, '1.0.0')}.bad`,
      Buffer.from('not a zip'),
    );
    await t.ctx.db
      .updateTable('node_versions')
      .set({ storage_file_id: garbage.id })
      .where('node_id', '=', node.id)
      .where('version', '=', '1.0.0')
      .execute();
    const good = await storeArchive(
      t,
      `${archiveKey(publisher.id, node.id, '1.1.0')}.new`,
      zip({ 'pyproject.toml': '', 'README.md': '# Fine\n' }),
    );
    await t.ctx.db
      .updateTable('node_versions')
      .set({ storage_file_id: good.id })
      .where('node_id', '=', node.id)
      .where('version', '=', '1.1.0')
      .execute();
    expect(await backfillReadmes(t.ctx)).toEqual({ read: 2, found: 1, unreadable: 1 });
    expect((await t.anon.get('/nodes/broken/readme')).json()).toMatchObject({ version: '1.1.0', content: '# Fine\n' });
  });
});
