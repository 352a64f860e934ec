import type { Selectable, Transaction } from 'kysely';
import type { Database, NodesTable, NodeVersionsTable } from '../../db/schema.js';
import { badRequest, type HttpError, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChangeOfHands, repositoryChange, takeNextVersionHold } from '../catalogue/custody.js';
import { isNewestVersion, refreshLatestVersion } from '../catalogue/latest-version.js';
import { type PackFields, packPatch } from '../catalogue/pack-columns.js';
import { requirePublishablePack } from '../catalogue/pack-guards.js';
import { createPack, findPackByAnyCase, updatePack } from '../catalogue/pack-rows.js';
import { type Provenance, provenanceJson } from '../catalogue/provenance.js';
import type { CatalogueWork } from '../catalogue/unit-of-work.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { createVersion } from '../catalogue/version-status.js';
import { TICKET_STALE_MS } from './upload-ticket.js';
import type { VersionFields } from './validate-request.js';

export interface WriteRowsInput {
  publisherId: string;
  /** The node id as the request spelt it; a new pack keeps this spelling. */
  nodeId: string;
  pack: PackFields;
  version: VersionFields;
  /** The signed-in user for browser publishing; null for a token. */
  actorUserId: string | null;
  /** How this version is being published, for its trust panel. */
  provenance: Provenance | null;
  now: string;
}

export interface WrittenRows {
  pack: Selectable<NodesTable>;
  version: Selectable<NodeVersionsTable>;
  /** True when an archive-less Pending version was published again (a new upload URL is due). */
  replaced: boolean;
}

/** 400 when the version number is taken (`version` is empty when a race lost it unseen). */
export function versionExists(version = ''): HttpError {
  return withCode(badRequest('The node version already exists'), 'version.exists', { version });
}

/**
 * The publish transaction's writes: create the pack on first publish (owned by the publisher) or
 * update its metadata when this is its newest version, then create the version as Pending with
 * its first history row. A version number is taken once an archive was uploaded for it; one whose
 * upload never arrived (an expired or failed upload, none in progress) may be published again and
 * is replaced.
 */
export async function writeVersionRows(
  { trx, touch }: Pick<CatalogueWork, 'trx' | 'touch'>,
  input: WriteRowsInput,
): Promise<WrittenRows> {
  const existing = await findPackByAnyCase(trx, input.nodeId);
  // Checked again inside the transaction: another publisher may have created the pack, or an
  // admin banned it, meanwhile.
  requirePublishablePack(existing, input.publisherId);
  const pack = existing ?? (await createNewPack(trx, input));

  const sameVersion = await trx
    .selectFrom('node_versions')
    .selectAll()
    .where('node_id', '=', pack.id)
    .where('version', '=', input.version.version)
    .executeTakeFirst();
  const replaceable =
    sameVersion?.status === 'NodeVersionStatusPending' &&
    sameVersion.storage_file_id === null &&
    !(await uploadInProgress(trx, sameVersion.id, input.now));
  if (sameVersion && !replaceable) throw versionExists(input.version.version);

  if (existing) {
    if ((await isNewestVersion(trx, pack.id, input.version.version)) || existing.status === 'NodeStatusDeleted') {
      const patch = packPatch(input.pack, input.now);
      // Publishing from another repository is a change of hands: this very version is held.
      const moved = repositoryChange(existing, patch);
      if (moved) {
        await recordChangeOfHands(trx, {
          nodeId: pack.id,
          kind: 'repository_change',
          ...moved,
          actorUserId: input.actorUserId,
          now: input.now,
        });
      }
      await updatePack(trx, pack.id, {
        // Author, category and tags follow the same rule: only stated values overwrite.
        ...patch,
        // Publishing to a pack its owner deleted brings it back.
        ...(existing.status === 'NodeStatusDeleted' ? { status: 'NodeStatusActive' as const } : {}),
      });
    }
  }

  const fields = { ...versionColumns(input.version, input.now), provenance: provenanceJson(input.provenance) };
  let version: Selectable<NodeVersionsTable>;
  if (sameVersion && replaceable) {
    // Earlier upload URLs of the replaced version stop working.
    await trx.deleteFrom('upload_tickets').where('node_version_id', '=', sameVersion.id).execute();
    version = (await updateVersionColumns(trx, sameVersion.id, fields)) ?? sameVersion;
  } else {
    version = await createVersion(
      trx,
      {
        ...fields,
        id: newId(),
        node_id: pack.id,
        version: input.version.version,
        publisher_id: input.publisherId,
        status: 'NodeVersionStatusPending',
        status_reason: '',
        created_at: input.now,
      },
      input.actorUserId,
    );
  }
  const holdReason = await takeNextVersionHold(trx, pack.id, version.id);
  if (holdReason !== '') version = { ...version, hold_reason: holdReason };
  await refreshLatestVersion(trx, pack.id);
  touch(pack.id);
  const current = await trx.selectFrom('nodes').selectAll().where('id', '=', pack.id).executeTakeFirstOrThrow();
  return { pack: current, version, replaced: Boolean(sameVersion) };
}

/**
 * Whether an upload for the version is running: its ticket is claimed and was marked recently
 * (running uploads mark it every TICKET_HEARTBEAT_MS; one whose process died stops counting).
 */
async function uploadInProgress(trx: Transaction<Database>, versionId: string, now: string): Promise<boolean> {
  const since = new Date(new Date(now).getTime() - TICKET_STALE_MS).toISOString();
  const ticket = await trx
    .selectFrom('upload_tickets')
    .select('id')
    .where('node_version_id', '=', versionId)
    .where('used_at', '>=', since)
    .executeTakeFirst();
  return ticket !== undefined;
}

function createNewPack(trx: Transaction<Database>, input: WriteRowsInput): Promise<Selectable<NodesTable>> {
  return createPack(
    trx,
    {
      id: input.nodeId,
      publisher_id: input.publisherId,
      name: input.pack.name || input.nodeId,
      ...packPatch({ ...input.pack, name: '' }, input.now),
      author: input.pack.author ?? '',
      category: input.pack.category ?? '',
      tags: JSON.stringify(input.pack.tags ?? []),
      created_at: input.now,
      updated_at: input.now,
    },
    (problem) =>
      withCode(badRequest('Failed to create node', problem), 'publish.node_id_invalid', { nodeId: input.nodeId }),
  );
}

function versionColumns(v: VersionFields, now: string) {
  return {
    changelog: v.changelog,
    dependencies: JSON.stringify(v.dependencies),
    supported_os: JSON.stringify(v.supportedOs),
    supported_accelerators: JSON.stringify(v.supportedAccelerators),
    supported_comfyui_version: v.supportedComfyuiVersion,
    supported_comfyui_frontend_version: v.supportedComfyuiFrontendVersion,
    updated_at: now,
  };
}
