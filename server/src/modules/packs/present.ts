import type { AppContext } from '../../context.js';
import { serializeNode } from '../catalogue/serialize.js';
import type { NodeJson } from '../catalogue/wire.js';
import { presentVersion } from '../nodes/present-version.js';
import type { NodeRow } from '../nodes/repository.js';
import { findVersionsByIds } from '../nodes/versions-repository.js';

/**
 * One pack as single-pack answers show it (create, edit, review): `latest_version` with its
 * `status_reason` when there is one, and no `publisher` key, like `GET /nodes/{id}`.
 */
export async function presentPack(ctx: AppContext, row: NodeRow): Promise<NodeJson> {
  const [latest] = row.latest_version_id ? await findVersionsByIds(ctx.db, [row.latest_version_id]) : [];
  return serializeNode(row, { latestVersion: latest ? presentVersion(ctx.storage, latest, true) : undefined });
}
