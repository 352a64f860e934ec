import { Value } from 'typebox/value';
import type { NodeVersionStatus } from '../../db/schema.js';
import type { ArchiveAnalysis, ScanFinding } from '../../engines/archive/types.js';
import { REJECTED_PREFIX } from '../catalogue/archive-rejections.js';
import { BANNED_PREFIX } from '../catalogue/publishing-ban.js';
import { ScanFinding as ScanFindingSchema } from '../catalogue/wire.js';
import { AWAITING_REVIEW_REASON } from '../catalogue/withheld.js';

/** Reason given to versions that pass every automated check. */
export const PASSED_REASON = 'Passed automated checks';

/** What processing does to a version. */
export interface VersionOutcome {
  status: NodeVersionStatus;
  reason: string;
  /** Whether the archive's pyproject metadata may update the pack. */
  updatesPack: boolean;
  /** Label ids for the version (from label-grade findings); stored and served on the version. */
  labels?: string[];
  /** Every scan finding, graded; stored so label-only versions still show what matched. */
  findings?: ScanFinding[];
}

/** What, besides the archive, decides a version's outcome. New hold reasons add a field here. */
export interface OutcomeContext {
  /** REQUIRE_REVIEW: a version with nothing to hold waits Pending for an admin. */
  requireReview: boolean;
  /**
   * Keys (`findingKey`) of findings an admin cleared on an earlier version of the same pack: the
   * same finding again does not hold this version.
   */
  clearedFindings?: ReadonlySet<string>;
  /**
   * Why a change of hands holds this version (`node_versions.hold_reason`, catalogue/custody.ts);
   * '' or absent when none.
   */
  custodyHold?: string;
}

/**
 * A reason to hold a version for review, as findings an admin reads in the queue. Each check
 * returns the findings that hold (empty when it has none); the version is held when any does.
 */
export type HoldCheck = (analysis: Extract<ArchiveAnalysis, { ok: true }>, context: OutcomeContext) => ScanFinding[];

/** Hold-grade scan findings, minus those an admin already cleared on an earlier version. */
const scanHolds: HoldCheck = (analysis, context) =>
  analysis.findings.filter((f) => holds(f) && !context.clearedFindings?.has(findingKey(f)));

/** A change of hands (claim, transfer, repository change) holds the next version, whatever the scan saw. */
const custodyHolds: HoldCheck = (_analysis, context) =>
  context.custodyHold ? [provenanceFinding('change_of_hands', '', context.custodyHold)] : [];

function provenanceFinding(issueType: string, filePath: string, message: string): ScanFinding {
  return {
    issue_type: issueType,
    file_path: filePath,
    line_number: 0,
    code_snippet: '',
    message,
    scanner: 'custody',
    grade: 'hold',
  };
}

/** Every reason a version is held. */
export const HOLD_CHECKS: HoldCheck[] = [scanHolds, custodyHolds];

/** Whether a finding holds its version: its grade, or, for findings stored before grades, always. */
export function holds(finding: ScanFinding): boolean {
  return finding.grade !== 'label';
}

/** The key that makes two findings "the same issue" across versions: same file, rule and code. */
export function findingKey(f: ScanFinding): string {
  return JSON.stringify([f.file_path, f.issue_type, f.code_snippet]);
}

/** The distinct labels of a list of findings, in first-seen order. */
export function labelsOf(findings: ScanFinding[]): string[] {
  return [...new Set(findings.flatMap((f) => (f.grade === 'label' && f.label ? [f.label] : [])))];
}

/**
 * The rule from analysis to version status:
 * - unusable archive → Deleted with `Archive rejected: <why>`. A Pending version with an archive
 *   is installable, so an invalid one must leave Pending; Deleted keeps it out of installs and
 *   lists while its number stays taken (as on the public registry, publish a new version);
 * - a hold (a hold-grade finding not cleared before, or another `HOLD_CHECKS` reason) → Flagged,
 *   `status_reason` = every hold-grade finding as JSON (cleared ones too, marked in the queue),
 *   for an admin to judge;
 * - otherwise → Active, or Pending with a note when REQUIRE_REVIEW is on. Label-grade findings
 *   never hold: they become the version's labels.
 */
export function decideOutcome(analysis: ArchiveAnalysis, context: OutcomeContext): VersionOutcome {
  if (!analysis.ok) {
    return { status: 'NodeVersionStatusDeleted', reason: `${REJECTED_PREFIX}${analysis.reason}`, updatesPack: false };
  }
  const scanned = { labels: labelsOf(analysis.findings), findings: analysis.findings };
  const held = HOLD_CHECKS.flatMap((check) => check(analysis, context));
  if (held.length > 0) {
    const shown = [...new Set([...analysis.findings.filter(holds), ...held])];
    return { status: 'NodeVersionStatusFlagged', reason: JSON.stringify(shown), updatesPack: false, ...scanned };
  }
  if (context.requireReview) {
    return { status: 'NodeVersionStatusPending', reason: AWAITING_REVIEW_REASON, updatesPack: true, ...scanned };
  }
  return { status: 'NodeVersionStatusActive', reason: PASSED_REASON, updatesPack: true, ...scanned };
}

export { BANNED_PREFIX } from '../catalogue/publishing-ban.js';

/**
 * The outcome whatever the analysis said when a ban stops the version (see catalogue/publishing-ban.ts):
 * Banned, the status a moderator gives a version that must never be installed, with the ban as
 * the reason; the pack's metadata is left alone.
 */
export function bannedOutcome(ban: string): VersionOutcome {
  return { status: 'NodeVersionStatusBanned', reason: `${BANNED_PREFIX}${ban}`, updatesPack: false };
}

/**
 * The outcome when the pipeline gave up (storage unreachable, analyser crash, ...). The archive
 * was never checked, so it must not stay installable: Flagged puts it in the admins' review
 * queue with one finding that says why.
 */
export function processingFailedOutcome(error: string, attempts: number): VersionOutcome {
  const finding: ScanFinding = {
    issue_type: 'processing_failed',
    file_path: '',
    line_number: 0,
    code_snippet: '',
    message: `The archive could not be processed after ${attempts} attempt(s): ${error}`.slice(0, 1000),
    scanner: 'pipeline',
    grade: 'hold',
  };
  return { status: 'NodeVersionStatusFlagged', reason: JSON.stringify([finding]), updatesPack: false };
}

/**
 * The findings stored in a Flagged version's reason, or null when the reason is not findings JSON.
 * Entries that are not findings are left out, and a severity outside the known ones is dropped
 * (a reason can also come from an admin or another registry), so every answer that shows them
 * can be written in its declared shape.
 */
export function parseFindings(reason: string): ScanFinding[] | null {
  if (!reason.startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(reason);
    if (!Array.isArray(parsed)) return null;
    return parsed.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { severity, ...rest } = entry as Record<string, unknown>;
      const finding = typeof severity === 'string' && SEVERITIES.has(severity) ? { ...rest, severity } : rest;
      return Value.Check(ScanFindingSchema, finding) ? [finding] : [];
    });
  } catch {
    return null;
  }
}

const SEVERITIES = new Set(['high', 'medium', 'low']);
