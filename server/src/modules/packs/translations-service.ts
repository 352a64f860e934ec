import type { AppContext } from '../../context.js';
import { nowIso, parseJsonObject } from '../../db/values.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase, updatePack } from '../catalogue/pack-rows.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import type { NodeJson } from '../catalogue/wire.js';
import { getNode } from '../nodes/service.js';
import { requirePackWrite } from './access.js';

/** Translated pack fields by locale: `{"zh": {"name": "…", "description": "…"}}`. */
export type Translations = Record<string, Record<string, unknown>>;

/**
 * `POST /nodes/{nodeId}/translations`: sets the translations of the given locales (each locale
 * given replaces that locale's entry; other locales stay). Members who may manage the pack's
 * publisher, and administrators, may do it.
 */
export async function setTranslations(
  ctx: AppContext,
  viewer: Viewer,
  nodeId: string,
  data: Translations,
): Promise<NodeJson> {
  const found = await findPackByAnyCase(ctx.db, nodeId);
  if (!found || found.status === 'NodeStatusDeleted') throw packNotFound();
  const { node } = await requirePackWrite(ctx.db, viewer, found.publisher_id, found.id);
  await catalogueWrite(ctx, async ({ trx, touch }) => {
    const merged = { ...parseJsonObject(node.translations), ...data };
    await updatePack(trx, node.id, { translations: JSON.stringify(merged), updated_at: nowIso() });
    touch(node.id);
  });
  return getNode(ctx, node.id, { allowBanned: false, includeTranslations: true });
}
