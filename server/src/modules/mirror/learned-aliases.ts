import { nowIso } from '../../db/values.js';
import { normalizeRepositoryUrl } from '../../lib/repository-url.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { type CatalogueTarget, catalogueWrite } from '../catalogue/unit-of-work.js';

/** What learning an upstream id did: stored it, found it stored already, or refused it. */
export type LearnedAlias =
  | { outcome: 'stored' | 'known'; nodeId: string }
  | { outcome: 'taken'; nodeId: string; holder: string }
  | { outcome: 'none' };

/**
 * The upstream's id of a pack this registry has under another id, kept as an alias of the local
 * pack (source `registry`), so the public id workflows and people use answers here too.
 *
 * Only asked for an upstream pack the sync does not copy because its publisher id is a publisher
 * of this registry. The local pack it corresponds to is that publisher's own pack (published
 * here, not mirrored) with the same repository, and only when exactly one such pack exists: the
 * publisher id and the repository both agree, so the alias does not hand the upstream's id to
 * whoever declared the same repository here. An id a pack has, or that already answers for
 * another pack, is never taken (`taken`); the pack that holds it keeps it.
 */
export async function learnUpstreamAlias(
  target: CatalogueTarget,
  upstreamPack: { id: string; repository?: string | undefined },
  publisherId: string,
): Promise<LearnedAlias> {
  const repository = normalizeRepositoryUrl(upstreamPack.repository ?? '');
  if (!repository) return { outcome: 'none' };
  return catalogueWrite(target, async ({ trx, touch }) => {
    const locals = await trx
      .selectFrom('nodes')
      .select('id')
      .where('normalized_repository', '=', repository)
      .where('publisher_id', '=', publisherId)
      .where('mirrored_from', '=', '')
      .limit(2)
      .execute();
    const local = locals.length === 1 ? locals[0]?.id : undefined;
    if (local === undefined) return { outcome: 'none' };
    const alias = normalizeNodeId(upstreamPack.id);
    const pack = await trx.selectFrom('nodes').select('id').where('normalized_id', '=', alias).executeTakeFirst();
    if (pack) return pack.id === local ? { outcome: 'none' } : { outcome: 'taken', nodeId: local, holder: pack.id };
    const held = await trx.selectFrom('pack_aliases').select('node_id').where('alias', '=', alias).executeTakeFirst();
    if (held) {
      return held.node_id === local
        ? { outcome: 'known', nodeId: local }
        : { outcome: 'taken', nodeId: local, holder: held.node_id };
    }
    await trx
      .insertInto('pack_aliases')
      .values({ alias, node_id: local, source: 'registry', created_at: nowIso() })
      .onConflict((oc) => oc.column('alias').doNothing())
      .execute();
    // Cached answers for the id (a 404 until now) are dropped with the pack's change.
    touch(local);
    return { outcome: 'stored', nodeId: local };
  });
}
