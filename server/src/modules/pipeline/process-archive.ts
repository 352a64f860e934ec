import path from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { archiveLimitsFromConfig } from '../../config/archive.js';
import type { AppContext } from '../../context.js';
import type { AnalyzeArchive } from '../../engines/archive/types.js';
import { type JobHandler, type JobInfo, PermanentJobError } from '../../engines/jobs/types.js';
import type { JobWorkerLog } from '../../engines/jobs/worker.js';
import { AnalysisLimitError } from './analyser-pool.js';
import { applyOutcome } from './apply-outcome.js';
import { ArchiveIntegrityError, fetchArchive } from './fetch-archive.js';
import { decideOutcome, processingFailedOutcome } from './outcome.js';
import { clearedFindingKeys, findSubject, setStage } from './repository.js';

/** Job kind that analyses one uploaded archive and decides its version's status. */
export const PROCESS_ARCHIVE_JOB = 'process-archive';

/** The job's payload: the version whose archive was uploaded. */
export const ProcessArchivePayload = Type.Object({ versionId: Type.String({ minLength: 1 }) });

/**
 * The `process-archive` job: copy the stored archive to a temporary file, let the analyser read
 * it (it never runs the pack's code), then write the outcome in one transaction and tell the
 * catalogue. Storage or analyser errors throw, so the job is retried with backoff; an archive
 * that is missing or altered in storage, or whose analysis ran out of time or memory, cannot get
 * better and fails the version at once.
 */
export function processArchiveHandler(
  ctx: AppContext,
  analyze: AnalyzeArchive,
  log: Pick<JobWorkerLog, 'info'> = { info() {} },
): JobHandler {
  const tmpDir = path.join(ctx.config.database.DATA_DIR, 'tmp');
  const limits = archiveLimitsFromConfig(ctx.config.publishing);

  const finish = async (versionId: string, outcome: ReturnType<typeof decideOutcome>, failure: string) => {
    const result = await applyOutcome(ctx, { versionId, analysis: null, outcome, failure });
    if (result.statusChanged && outcome.status === 'NodeVersionStatusFlagged')
      ctx.events.emit('version:flagged', versionId);
  };

  return {
    kind: PROCESS_ARCHIVE_JOB,

    async run(payload: unknown) {
      if (!Value.Check(ProcessArchivePayload, payload)) throw new PermanentJobError('bad process-archive payload');
      const { versionId } = payload;
      const subject = await findSubject(ctx.db, versionId);
      // Deleted meanwhile, or already decided: nothing to do (this is what makes re-runs safe).
      if (subject?.version.status !== 'NodeVersionStatusPending') return;
      if (subject.version.comfy_node_extract_status !== 'pending') return;
      if (!subject.file) throw new PermanentJobError('the version has no uploaded archive');

      const started = performance.now();
      await setStage(ctx.db, versionId, 'validating', new Date().toISOString(), { started: true });
      let archive: Awaited<ReturnType<typeof fetchArchive>>;
      try {
        archive = await fetchArchive(
          ctx.storage,
          subject.file.storage_key,
          {
            sizeBytes: Number(subject.file.size_bytes),
            sha256: subject.file.sha256,
          },
          tmpDir,
        );
      } catch (error) {
        if (!(error instanceof ArchiveIntegrityError)) throw error;
        await finish(
          versionId,
          decideOutcome({ ok: false, reason: error.message }, { requireReview: false }),
          error.message,
        );
        return;
      }
      try {
        // The analyser validates, extracts node definitions and scans in one pass over the zip.
        const fetched = performance.now();
        await setStage(ctx.db, versionId, 'extracting', new Date().toISOString());
        let analysis: Awaited<ReturnType<AnalyzeArchive>>;
        try {
          analysis = await analyze(archive.path, { name: subject.node.id, version: subject.version.version }, limits);
        } catch (error) {
          // A timeout or the memory limit is a property of the archive: retrying would only hold
          // an analyser again for as long, so the version is refused now with the reason.
          if (!(error instanceof AnalysisLimitError)) throw error;
          await finish(
            versionId,
            decideOutcome({ ok: false, reason: error.message }, { requireReview: false }),
            error.message,
          );
          return;
        }
        const analysed = performance.now();
        const outcome = decideOutcome(analysis, {
          requireReview: ctx.config.publishing.REQUIRE_REVIEW,
          clearedFindings: await clearedFindingKeys(ctx.db, subject.node.id, versionId),
          custodyHold: subject.version.hold_reason,
        });
        const result = await applyOutcome(ctx, {
          versionId,
          analysis,
          outcome,
          failure: '',
        });
        if (result.statusChanged && outcome.status === 'NodeVersionStatusFlagged')
          ctx.events.emit('version:flagged', versionId);
        const ms = (from: number, to: number) => Math.round(to - from);
        log.info(
          {
            versionId,
            status: outcome.status,
            bytes: Number(subject.file.size_bytes),
            fetchMs: ms(started, fetched),
            analyseMs: ms(fetched, analysed),
            writeMs: ms(analysed, performance.now()),
          },
          'archive processed',
        );
      } finally {
        await archive.remove();
      }
    },

    async onGiveUp(payload: unknown, error: string, job: JobInfo) {
      if (!Value.Check(ProcessArchivePayload, payload)) return;
      await finish(payload.versionId, processingFailedOutcome(error, job.attempt), error);
    },
  };
}
