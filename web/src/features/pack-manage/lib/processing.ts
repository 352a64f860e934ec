import type { components } from '../../../api/schema.gen';

type ProcessingStage = components['schemas']['ProcessingStatus']['stage'];
type ScanFinding = components['schemas']['ScanFinding'];

/** The steps the upload panel shows, in order. */
export const STEPS = ['upload', 'validating', 'extracting', 'scanning', 'result'] as const;
export type Step = (typeof STEPS)[number];
export type StepState = 'done' | 'current' | 'pending' | 'failed';

/** Where the steps stand for a processing stage (`null` while the zip is still uploading). */
export function stepStates(stage: ProcessingStage | null): Record<Step, StepState> {
  const at = (index: number): Record<Step, StepState> =>
    Object.fromEntries(
      STEPS.map((step, i) => [step, i < index ? 'done' : i === index ? 'current' : 'pending']),
    ) as Record<Step, StepState>;
  switch (stage) {
    case null:
      return at(0);
    case 'awaiting_upload':
    case 'queued':
    case 'validating':
      return at(1);
    case 'extracting':
      // The analyser extracts and scans in one pass: both are under way.
      return { ...at(2), scanning: 'current' };
    case 'scanning':
      return at(3);
    case 'done':
      return { ...at(4), result: 'done' };
    case 'failed':
      return { ...at(4), result: 'failed' };
  }
}

/** Whether polling can stop. */
export function isFinished(stage: ProcessingStage): boolean {
  return stage === 'done' || stage === 'failed';
}

/** Findings grouped by file (files in first-seen order, findings by line within a file). */
export function groupFindings(findings: ScanFinding[]): { file: string; findings: ScanFinding[] }[] {
  const groups = new Map<string, ScanFinding[]>();
  for (const finding of findings) {
    const list = groups.get(finding.file_path) ?? [];
    list.push(finding);
    groups.set(finding.file_path, list);
  }
  return [...groups].map(([file, list]) => ({
    file,
    findings: [...list].sort((a, b) => a.line_number - b.line_number),
  }));
}

/** Findings stored in a Flagged version's `status_reason` (JSON), or an empty list. */
export function findingsFromReason(reason: string | undefined): ScanFinding[] {
  if (!reason) return [];
  try {
    const parsed: unknown = JSON.parse(reason);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (f): f is ScanFinding =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as ScanFinding).file_path === 'string' &&
        typeof (f as ScanFinding).issue_type === 'string',
    );
  } catch {
    return [];
  }
}

/** Translation key (in pack-manage) for a failed upload, by HTTP status and server message. */
export function uploadErrorKey(status: number, message: string): string {
  if (status === 0) return 'upload.errors.network';
  if (status === 401) return 'upload.errors.signedOut';
  if (status === 403) return message === 'Node Banned' ? 'upload.errors.banned' : 'upload.errors.forbidden';
  if (status === 404) return 'upload.errors.notFound';
  if (status === 409) return 'upload.errors.exists';
  if (status === 413) return 'upload.errors.tooLarge';
  if (status === 415) return 'upload.errors.notZip';
  if (status === 400) {
    if (message === 'The archive is for another node') return 'upload.errors.otherNode';
    if (message === 'The upload is empty') return 'upload.errors.empty';
    if (message === 'Failed to create node version') return 'upload.errors.badVersion';
    return 'upload.errors.invalid';
  }
  if (status === 429) return 'upload.errors.rateLimited';
  return 'upload.errors.server';
}

/** Tags typed as a comma-separated list: trimmed, no empties, no duplicates. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/** The text a pack's deletion asks to be typed: `publisher/pack`. */
export function deleteConfirmation(publisherId: string, nodeId: string): string {
  return `${publisherId}/${nodeId}`;
}
