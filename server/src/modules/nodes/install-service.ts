import type { AppContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import { isHeldPending } from '../catalogue/withheld.js';
import { findInstallTarget, recordInstall } from './install-repository.js';
import { requireReadable } from './node-access.js';
import { downloadKeyOf, presentVersion } from './present-version.js';
import type { VersionRow } from './versions-repository.js';

/**
 * Resolves what `GET /nodes/{id}/install[?version=]` hands out and counts the install.
 * Without a version: the latest (highest-semver Active) version. With one: an Active version, or a
 * Pending one whose archive is uploaded and that is not held for an administrator. Everything else answers 4xx and counts nothing.
 */
export async function installNode(
  ctx: AppContext,
  nodeId: string,
  requestedVersion: string | undefined,
): Promise<NodeVersionJson> {
  let version: string | undefined;
  if (requestedVersion !== undefined) {
    const normalized = normalizeVersion(requestedVersion);
    if (!normalized) throw badRequest(`Invalid version: ${requestedVersion}`, 'expected a semantic version like 1.2.3');
    version = normalized;
  }
  const target = await findInstallTarget(ctx.db, ctx.dialect, nodeId, version);
  // Installing is never allowed for a banned pack, not even for admins: their second read (see
  // serveNodeRead) is refused the same way.
  const pack = await requireReadable(
    ctx.db,
    nodeId,
    target && { ...target, id: target.nodeId, status: target.nodeStatus },
    { allowBanned: false },
  );
  const row = installable(pack.version, version);
  await recordInstall(ctx.db, ctx.dialect, { nodeId: pack.id, versionId: row.id, day: utcDay(new Date()) });
  const answer = presentVersion(ctx.storage, row, true);
  return { ...answer, downloads: answer.downloads + 1 };
}

/** The version if it may be installed, or the 4xx that says why not. */
function installable(row: VersionRow | undefined, requested: string | undefined): VersionRow {
  if (!row) {
    throw requested === undefined
      ? notFound('No installable version', 'the pack has no active version yet')
      : notFound('Node version not found', `no version ${requested}`);
  }
  switch (row.status) {
    case 'NodeVersionStatusPending':
      if (isHeldPending(row)) {
        throw forbidden('Node version is held for review', `version ${row.version} is waiting for an administrator`);
      }
      return withArchive(row);
    case 'NodeVersionStatusActive':
      return withArchive(row);
    case 'NodeVersionStatusFlagged':
      throw forbidden('Node version is flagged', `version ${row.version} is held for review and cannot be installed`);
    case 'NodeVersionStatusBanned':
      throw forbidden('Node version is banned', `version ${row.version} cannot be installed`);
    case 'NodeVersionStatusDeleted':
      throw notFound('Node version was deleted', `version ${row.version} is no longer available`);
  }
}

/** The version when its archive can be handed out. */
function withArchive(row: VersionRow): VersionRow {
  // A mirrored version not cached yet installs too: its archive comes from the upstream.
  if (downloadKeyOf(row) === null) {
    throw notFound('Node version has no archive', `version ${row.version} has no uploaded archive yet`);
  }
  return row;
}

/** The UTC calendar day of a moment, as stored in `download_counts.day`. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
