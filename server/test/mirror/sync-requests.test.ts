import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { changeCatalogue, seedPack } from '../helpers/catalogue.js';
import { buildMirror, startUpstream, syncNow } from './support.js';

describe('upstream sync requests', () => {
  it('reads no versions of a new pack without a latest version until the upstream lists one', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    await seedPack(upstream.t, { id: 'bare', publisher: acme, versions: [] });
    await seedPack(upstream.t, { id: 'full', publisher: acme, versions: [{ version: '1.0.0' }] });
    const mirror = await buildMirror(upstream);

    await syncNow(mirror);
    expect(upstream.requests).toContain('/nodes/full/versions');
    expect(upstream.requests).not.toContain('/nodes/bare/versions');
    expect((await mirror.anon.get('/nodes/bare')).json()).toMatchObject({ id: 'bare', mirrored_from: upstream.url });

    // The upstream publishes bare's first version: its listing entry changes and the next
    // incremental sync reads its versions.
    await changeCatalogue(upstream.t, ['bare'], (db) =>
      db
        .insertInto('node_versions')
        .values({
          id: newId(),
          node_id: 'bare',
          version: '0.1.0',
          publisher_id: 'acme',
          status: 'NodeVersionStatusActive',
        })
        .execute(),
    );
    await syncNow(mirror);
    expect(upstream.requests).toContain('/nodes/bare/versions');
    expect((await mirror.anon.get('/nodes/bare')).json().latest_version).toMatchObject({ version: '0.1.0' });
  });
});
