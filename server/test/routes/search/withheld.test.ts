import { describe, expect, it } from 'vitest';
import { AWAITING_REVIEW_REASON } from '../../../src/modules/catalogue/withheld.js';
import { buildTestApp } from '../../helpers/app.js';
import { changeCatalogue } from '../../helpers/catalogue.js';
import { ids, seedSearchPacks } from './seed.js';

// Held means held on search too (docs/moderation.md): a pack whose versions are all held or
// banned is not offered, as GET /nodes does not list it; an imported pack without versions is.
describe('GET /nodes/search leaves out withheld packs', () => {
  it('finds the published and the imported pack, not the one whose only versions are held or banned', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'glacier-live', versions: [{ version: '1.0.0' }], classes: ['GlacierLive'] },
      { id: 'glacier-imported', classes: ['GlacierImported'] },
      {
        id: 'glacier-held',
        versions: [
          { version: '1.0.0', status: 'NodeVersionStatusFlagged' },
          { version: '1.1.0', status: 'NodeVersionStatusPending', status_reason: AWAITING_REVIEW_REASON },
        ],
      },
      { id: 'glacier-banned', versions: [{ version: '1.0.0', status: 'NodeVersionStatusBanned' }] },
    ]);
    const search = async (query: Record<string, string>) =>
      ids((await t.anon.get(`/nodes/search?${new URLSearchParams(query)}`)).json());
    expect((await search({ search: 'glacier' })).sort()).toEqual(['glacier-imported', 'glacier-live']);
    expect(await search({ search: 'glacier-held' })).toEqual([]);
    // The listing agrees.
    const listed = (await t.anon.get('/nodes?limit=100')).json() as { nodes: { id: string }[] };
    expect(listed.nodes.map((n) => n.id).sort()).toEqual(['glacier-imported', 'glacier-live']);

    // Once a version is approved the pack is found; when its only live version is banned it goes again.
    await changeCatalogue(t, ['glacier-held'], (db) =>
      db
        .updateTable('node_versions')
        .set({ status: 'NodeVersionStatusActive', status_reason: '' })
        .where('node_id', '=', 'glacier-held')
        .where('version', '=', '1.1.0')
        .execute(),
    );
    expect((await search({ search: 'glacier' })).sort()).toEqual(['glacier-held', 'glacier-imported', 'glacier-live']);
    await changeCatalogue(t, ['glacier-live'], (db) =>
      db
        .updateTable('node_versions')
        .set({ status: 'NodeVersionStatusBanned' })
        .where('node_id', '=', 'glacier-live')
        .execute(),
    );
    expect((await search({ search: 'glacier' })).sort()).toEqual(['glacier-held', 'glacier-imported']);
  });
});
