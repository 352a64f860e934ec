import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { AppContext } from '../../context.js';
import type { AnalyzeArchive } from '../../engines/archive/types.js';
import { type JobHandler, type JobInfo, PermanentJobError } from '../../engines/jobs/types.js';
import type { JobWorkerLog } from '../../engines/jobs/worker.js';
import { type ApplyInput, applyOutcome } from './apply-outcome.js';
import { decideOutcome, processingFailedOutcome } from './outcome.js';
import { clearedFindingKeys, findSubject, setStage } from './repository.js';
import { analyseStoredArchive, announceAnalysisOutcome } from './stored-archive.js';

/** Job kind that analyses one uploaded archive and decides its version's status. */
export const PROCESS_ARCHIVE_JOB = 'process-archive';

/** The job's payload: the version whose archive was uploaded. */
export const ProcessArchivePayload = Type.Object({ versionId: Type.String({ minLength: 1 }) });

/**
 * The `process-archive` job: the stored-archive step (`stored-archive.ts`: copy, let the analyser
 * read it, it never runs the pack's code), then write the outcome in one transaction and tell the
 * catalogue. Storage or analyser errors throw, so the job is retried with backoff; an archive
 * that is missing or altered in storage, or whose analysis ran out of time or memory, cannot get
 * better and fails the version at once.
 */
export function processArchiveHandler(
  ctx: AppContext,
  analyze: AnalyzeArchive,
  log: Pick<JobWorkerLog, 'info'> = { info() {} },
): JobHandler {
  const finish = async (input: ApplyInput) => {
    const result = await applyOutcome(ctx, input);
    announceAnalysisOutcome(ctx.events, input.versionId, { status: input.outcome.status, ...result });
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
      const { file } = subject;
      if (!file) throw new PermanentJobError('the version has no uploaded archive');

      const started = performance.now();
      await setStage(ctx.db, versionId, 'validating', new Date().toISOString(), { started: true });
      let fetched = started;
      // The analyser validates, extracts node definitions and scans in one pass over the zip.
      const read = await analyseStoredArchive(ctx, analyze, { ...subject, file }, async () => {
        fetched = performance.now();
        await setStage(ctx.db, versionId, 'extracting', new Date().toISOString());
      });
      if (!read.ok) {
        // Missing or altered in storage, or past the analyser's bounds: the version is refused now.
        const outcome = decideOutcome({ ok: false, reason: read.reason }, { requireReview: false });
        await finish({ versionId, analysis: null, outcome, failure: read.reason });
        return;
      }
      const analysis = read.value;
      const analysed = performance.now();
      const outcome = decideOutcome(analysis, {
        requireReview: ctx.config.publishing.REQUIRE_REVIEW,
        clearedFindings: await clearedFindingKeys(ctx.db, subject.node.id, versionId),
        custodyHold: subject.version.hold_reason,
      });
      await finish({ versionId, analysis, outcome, failure: '' });
      const ms = (from: number, to: number) => Math.round(to - from);
      log.info(
        {
          versionId,
          status: outcome.status,
          bytes: Number(file.size_bytes),
          fetchMs: ms(started, fetched),
          analyseMs: ms(fetched, analysed),
          writeMs: ms(analysed, performance.now()),
        },
        'archive processed',
      );
    },

    async onGiveUp(payload: unknown, error: string, job: JobInfo) {
      if (!Value.Check(ProcessArchivePayload, payload)) return;
      const { versionId } = payload;
      await finish({ versionId, analysis: null, outcome: processingFailedOutcome(error, job.attempt), failure: error });
    },
  };
}
