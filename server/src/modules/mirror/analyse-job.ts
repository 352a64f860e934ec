import path from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { archiveLimitsFromConfig } from '../../config/archive.js';
import type { AppContext } from '../../context.js';
import type { AnalyzeArchive } from '../../engines/archive/types.js';
import { type JobHandler, PermanentJobError } from '../../engines/jobs/types.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus } from '../catalogue/version-status.js';
import { AnalysisLimitError } from '../pipeline/analyser-pool.js';
import { replaceExtractedComfyNodes } from '../pipeline/comfy-nodes.js';
import { ArchiveIntegrityError, fetchArchive } from '../pipeline/fetch-archive.js';
import { decideOutcome } from '../pipeline/outcome.js';
import { findSubject } from '../pipeline/repository.js';
import { saveReadme } from '../readme/repository.js';

/** Job kind that analyses a mirrored archive once it is cached here. */
export const ANALYSE_MIRRORED_JOB = 'analyse-mirrored-archive';

const Payload = Type.Object({ versionId: Type.String({ minLength: 1 }) });

/**
 * The analysis part of the upload pipeline, for archives cached from the upstream: the same
 * analyser (it never runs the pack's code) extracts the node classes and scans the code. The
 * classes replace the upstream's, so search by class reflects the archive actually served here;
 * findings flag the version (history row, latest pointer, change feed, admin notification) so
 * the admins' queue covers mirrored packs too. The pack's metadata stays the upstream's.
 */
export function analyseMirroredHandler(ctx: AppContext, analyze: AnalyzeArchive): JobHandler {
  const tmpDir = path.join(ctx.config.database.DATA_DIR, 'tmp');
  const limits = archiveLimitsFromConfig(ctx.config.publishing);
  return {
    kind: ANALYSE_MIRRORED_JOB,
    async run(payload: unknown) {
      if (!Value.Check(Payload, payload)) throw new PermanentJobError('bad analyse-mirrored-archive payload');
      const subject = await findSubject(ctx.db, payload.versionId);
      if (!subject?.file || subject.version.upstream_archive_url === '') return;
      if (
        subject.version.status !== 'NodeVersionStatusActive' &&
        subject.version.status !== 'NodeVersionStatusPending'
      ) {
        return;
      }
      let archive: Awaited<ReturnType<typeof fetchArchive>>;
      try {
        archive = await fetchArchive(
          ctx.storage,
          subject.file.storage_key,
          { sizeBytes: Number(subject.file.size_bytes), sha256: subject.file.sha256 },
          tmpDir,
        );
      } catch (error) {
        if (error instanceof ArchiveIntegrityError) throw new PermanentJobError(error.message);
        throw error;
      }
      let analysis: Awaited<ReturnType<AnalyzeArchive>>;
      try {
        analysis = await analyze(archive.path, { name: subject.node.id, version: subject.version.version }, limits);
      } catch (error) {
        // A time or memory limit is a property of the archive, as for uploads: it is refused now.
        if (!(error instanceof AnalysisLimitError)) throw error;
        analysis = { ok: false, reason: error.message };
      } finally {
        await archive.remove();
      }
      const outcome = decideOutcome(analysis, { requireReview: false });
      const flagged = outcome.status === 'NodeVersionStatusFlagged';
      // Every outcome but a pass is applied: Flagged for findings, Deleted for an archive the
      // analyser refuses (zip-slip, an entry past the limits), so neither stays installable.
      const refused = outcome.status !== 'NodeVersionStatusActive' && outcome.status !== subject.version.status;
      const { version } = subject;
      await catalogueWrite(ctx, async ({ trx, touch }) => {
        if (analysis.ok) {
          // Finding no class at all keeps the upstream's list rather than emptying it.
          if (analysis.comfyNodes.length > 0) {
            await replaceExtractedComfyNodes(trx, version.node_id, version.id, analysis.comfyNodes);
          }
          await saveReadme(trx, version.id, analysis.readme);
          await updateVersionColumns(trx, version.id, {
            comfy_node_extract_status: analysis.extract.status,
            comfy_node_extract_reason: analysis.extract.reason,
            scan_labels: JSON.stringify(outcome.labels ?? []),
            scan_findings: JSON.stringify(outcome.findings ?? []),
          });
        }
        if (refused) {
          await changeVersionStatus(trx, version, { status: outcome.status, reason: outcome.reason }, null);
        }
        touch(version.node_id);
      });
      if (flagged) ctx.events.emit('version:flagged', version.id);
    },
  };
}
