import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/values.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus } from '../catalogue/version-status.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import { presentVersion } from '../nodes/present-version.js';
import { findVersionsByIds, type VersionRow } from '../nodes/versions-repository.js';
import { requirePackWrite } from './access.js';

/** A version of this pack that the publisher still sees: 404 for another pack's or a deleted one. */
async function loadVersion(ctx: AppContext, nodeId: string, versionId: string): Promise<VersionRow> {
  const [version] = await findVersionsByIds(ctx.db, [versionId]);
  if (!version || version.node_id !== nodeId || version.status === 'NodeVersionStatusDeleted') {
    throw notFound('Node version not found');
  }
  return version;
}

/** `PUT /publishers/{p}/nodes/{n}/versions/{id}`: changelog and deprecation. */
export async function updateVersion(
  ctx: AppContext,
  viewer: Viewer,
  target: { publisherId: string; nodeId: string; versionId: string },
  input: { changelog?: string | undefined; deprecated?: boolean | undefined },
): Promise<NodeVersionJson> {
  const { node } = await requirePackWrite(ctx.db, viewer, target.publisherId, target.nodeId);
  const version = await loadVersion(ctx, node.id, target.versionId);
  await catalogueWrite(ctx, async ({ trx, touch }) => {
    await updateVersionColumns(trx, version.id, {
      ...(input.changelog !== undefined ? { changelog: input.changelog } : {}),
      ...(input.deprecated !== undefined ? { deprecated: input.deprecated } : {}),
      updated_at: nowIso(),
    });
    // The latest version is embedded in catalogue entries, and deprecation shows there.
    touch(node.id);
  });
  const [updated] = await findVersionsByIds(ctx.db, [version.id]);
  if (!updated) throw notFound('Node version not found');
  return presentVersion(ctx.storage, updated, true);
}

/**
 * `DELETE /publishers/{p}/nodes/{n}/versions/{id}`: soft delete with a history entry; the pack's
 * latest version is recomputed. A banned version stays banned: deleting it would hide a
 * moderation decision.
 */
export async function deleteVersion(
  ctx: AppContext,
  viewer: Viewer,
  target: { publisherId: string; nodeId: string; versionId: string },
): Promise<void> {
  const { node } = await requirePackWrite(ctx.db, viewer, target.publisherId, target.nodeId);
  const version = await loadVersion(ctx, node.id, target.versionId);
  if (version.status === 'NodeVersionStatusBanned') throw forbidden('Node version is banned', 'ask an admin');
  await catalogueWrite(ctx, async ({ trx, touch }) => {
    // The reason stays: a deletion by its publisher needs none, and an earlier one still explains.
    await changeVersionStatus(
      trx,
      version,
      { status: 'NodeVersionStatusDeleted', reason: version.status_reason },
      viewer.id,
    );
    touch(node.id);
  });
}
