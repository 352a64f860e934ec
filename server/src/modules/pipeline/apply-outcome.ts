import type { Selectable, Transaction, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, NodeVersionsTable } from '../../db/schema.js';
import { parseJsonArray } from '../../db/values.js';
import type { ArchiveAnalysis, PackMetadata } from '../../engines/archive/types.js';
import { httpUrlOrEmpty } from '../../lib/http-url.js';
import { saveArchiveDirectory } from '../catalogue/archive-directories.js';
import { recordChangeOfHands, repositoryChange } from '../catalogue/custody.js';
import { isNewestVersion } from '../catalogue/latest-version.js';
import { packPatch } from '../catalogue/pack-columns.js';
import { updatePack } from '../catalogue/pack-rows.js';
import { findPublishingBan } from '../catalogue/publishing-ban.js';
import { type CatalogueTarget, catalogueWrite } from '../catalogue/unit-of-work.js';
import { saveVersionRequirements } from '../catalogue/version-requirements.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus } from '../catalogue/version-status.js';
import { saveReadme } from '../readme/repository.js';
import { replaceExtractedComfyNodes } from './comfy-nodes.js';
import { bannedOutcome, type VersionOutcome } from './outcome.js';
import { lockVersion, setStage } from './repository.js';
import { requirementRows } from './requirements-rows.js';

export interface ApplyInput {
  versionId: string;
  /** The analysis, or null when the pipeline gave up without one. */
  analysis: ArchiveAnalysis | null;
  outcome: VersionOutcome;
  /** Why processing failed, for the progress row ('' when it did not). */
  failure: string;
}

/** What a committed outcome changed; `nodeId` is set when the pack was touched (the catalogue write announced it). */
export interface ApplyResult {
  nodeId: string | null;
  statusChanged: boolean;
}

/**
 * Writes a processing outcome in one transaction: comfy-node rows, extract status, blank version
 * fields from pyproject, pack metadata (when this is the pack's newest version), the status with
 * its history row, the latest-version pointer and the change feed. A version that is no longer
 * Pending (an admin acted, the publisher deleted it, or this job already ran) is left alone, so
 * running the job twice changes nothing. A version whose publisher, pack or owner was banned
 * meanwhile ends Banned whatever the analysis found.
 */
export async function applyOutcome(
  target: CatalogueTarget & { dialect: DialectName },
  input: ApplyInput,
): Promise<ApplyResult> {
  return catalogueWrite(target, async ({ trx, touch }) => {
    const now = new Date().toISOString();
    const version = await lockVersion(trx, input.versionId, target.dialect);
    if (!version) return { nodeId: null, statusChanged: false };
    if (version.status !== 'NodeVersionStatusPending' || version.comfy_node_extract_status !== 'pending') {
      await setStage(trx, version.id, 'done', now, { reason: '' });
      return { nodeId: null, statusChanged: false };
    }
    const { analysis } = input;
    // A ban may have landed after the upload: the version then must not become installable.
    const ban = await findPublishingBan(trx, version.publisher_id, version.node_id);
    const outcome = ban ? bannedOutcome(ban) : input.outcome;
    const patch: Updateable<NodeVersionsTable> = { updated_at: now };
    if (analysis?.ok) {
      await replaceExtractedComfyNodes(trx, version.node_id, version.id, analysis.comfyNodes);
      await saveReadme(trx, version.id, analysis.readme);
      if (version.storage_file_id) await saveArchiveDirectory(trx, version.storage_file_id, analysis.directory);
      await saveVersionRequirements(trx, version.id, requirementRows(analysis.requirements));
      patch.comfy_node_extract_status = analysis.extract.status;
      patch.comfy_node_extract_reason = analysis.extract.reason;
      // Stored whatever the status: a ban or a hold still keeps what the scan saw.
      patch.scan_labels = JSON.stringify(input.outcome.labels ?? []);
      patch.scan_findings = JSON.stringify(input.outcome.findings ?? analysis.findings);
      Object.assign(patch, blankVersionFields(version, analysis.metadata));
      if (outcome.updatesPack && (await isNewestVersion(trx, version.node_id, version.version))) {
        const packPatchOfArchive = packPatch(packFieldsOf(analysis.metadata), now);
        // A browser upload names its repository only in pyproject.toml: moving a pack that already
        // has published code to another repository is a change of hands like any other, and holds
        // the version after this one. (A pack's first version merely states where it lives.)
        const pack = await trx
          .selectFrom('nodes')
          .select('repository_url')
          .where('id', '=', version.node_id)
          .executeTakeFirst();
        const moved =
          pack && (await hasOtherLiveVersion(trx, version.node_id, version.id))
            ? repositoryChange(pack, packPatchOfArchive)
            : null;
        if (moved) {
          await recordChangeOfHands(trx, {
            nodeId: version.node_id,
            kind: 'repository_change',
            ...moved,
            actorUserId: null,
            detail: `pyproject.toml of version ${version.version}`,
            now,
          });
        }
        await updatePack(trx, version.node_id, packPatchOfArchive);
      }
    } else {
      patch.comfy_node_extract_status = 'failed';
      patch.comfy_node_extract_reason = analysis ? analysis.reason : input.failure;
    }
    const statusChanged = version.status !== outcome.status || version.status_reason !== outcome.reason;
    if (statusChanged) {
      await changeVersionStatus(trx, version, { status: outcome.status, reason: outcome.reason }, null, patch, now);
    } else {
      await updateVersionColumns(trx, version.id, patch);
    }
    touch(version.node_id);
    const failed = !analysis?.ok;
    await setStage(trx, version.id, failed ? 'failed' : 'done', now, {
      reason: failed ? (analysis && !analysis.ok ? analysis.reason : input.failure) : '',
    });
    return { nodeId: version.node_id, statusChanged };
  });
}

/** Whether the pack has a version besides this one that was not deleted. */
async function hasOtherLiveVersion(trx: Transaction<Database>, nodeId: string, versionId: string): Promise<boolean> {
  const other = await trx
    .selectFrom('node_versions')
    .select('id')
    .where('node_id', '=', nodeId)
    .where('id', '!=', versionId)
    .where('status', '!=', 'NodeVersionStatusDeleted')
    .executeTakeFirst();
  return other !== undefined;
}

/** Version fields the publish request left blank, filled from the archive (browser uploads send none). */
function blankVersionFields(version: Selectable<NodeVersionsTable>, meta: PackMetadata): Updateable<NodeVersionsTable> {
  const patch: Updateable<NodeVersionsTable> = {};
  if (parseJsonArray(version.dependencies).length === 0 && meta.dependencies.length > 0) {
    patch.dependencies = JSON.stringify(meta.dependencies);
  }
  if (parseJsonArray(version.supported_os).length === 0 && meta.supportedOs.length > 0) {
    patch.supported_os = JSON.stringify(meta.supportedOs);
  }
  if (parseJsonArray(version.supported_accelerators).length === 0 && meta.supportedAccelerators.length > 0) {
    patch.supported_accelerators = JSON.stringify(meta.supportedAccelerators);
  }
  if (!version.supported_comfyui_version && meta.supportedComfyuiVersion) {
    patch.supported_comfyui_version = meta.supportedComfyuiVersion;
  }
  if (!version.supported_comfyui_frontend_version && meta.supportedComfyuiFrontendVersion) {
    patch.supported_comfyui_frontend_version = meta.supportedComfyuiFrontendVersion;
  }
  return patch;
}

/**
 * The pack fields an archive's pyproject.toml states. A repository URL that is not http(s) (say
 * `javascript:`) is left out instead of failing the version: the code is what is being
 * published, and the pack keeps the repository it had.
 */
function packFieldsOf(meta: PackMetadata) {
  return {
    name: meta.displayName,
    description: meta.description,
    license: meta.license,
    // Links from the archive that are not http(s) are dropped: the pack keeps the ones it has.
    repository: httpUrlOrEmpty(meta.repository),
    icon: httpUrlOrEmpty(meta.icon),
    banner: httpUrlOrEmpty(meta.banner),
    supportedOs: meta.supportedOs,
    supportedAccelerators: meta.supportedAccelerators,
    supportedComfyuiVersion: meta.supportedComfyuiVersion,
    supportedComfyuiFrontendVersion: meta.supportedComfyuiFrontendVersion,
  };
}
