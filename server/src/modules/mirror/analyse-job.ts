import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { AppContext } from '../../context.js';
import type { AnalyzeArchive, ArchiveAnalysis } from '../../engines/archive/types.js';
import { type JobHandler, PermanentJobError } from '../../engines/jobs/types.js';
import { saveArchiveDirectory } from '../catalogue/archive-directories.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus } from '../catalogue/version-status.js';
import { replaceExtractedComfyNodes } from '../pipeline/comfy-nodes.js';
import { decideOutcome } from '../pipeline/outcome.js';
import { findSubject } from '../pipeline/repository.js';
import { analyseStoredArchive, announceAnalysisOutcome } from '../pipeline/stored-archive.js';
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
      const { file } = subject;
      const read = await analyseStoredArchive(ctx, analyze, { ...subject, file });
      // Missing or altered in storage: no retry mends it. A time or memory limit is a property of
      // the archive, as for uploads: it is refused now.
      if (!read.ok && read.cause === 'stored') throw new PermanentJobError(read.reason);
      const analysis: ArchiveAnalysis = read.ok ? read.value : { ok: false, reason: read.reason };
      const outcome = decideOutcome(analysis, { requireReview: false });
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
          await saveArchiveDirectory(trx, file.id, analysis.directory);
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
      announceAnalysisOutcome(ctx.events, version.id, { status: outcome.status, statusChanged: refused });
    },
  };
}
