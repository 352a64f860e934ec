import { initialVersion, installWarning, isDownloadable, publicReason, versionBadge } from './version-status';

describe('versionBadge', () => {
  it.each([
    ['NodeVersionStatusActive', 'live'],
    ['NodeVersionStatusPending', 'pending'],
    ['NodeVersionStatusFlagged', 'flagged'],
    ['NodeVersionStatusBanned', 'rejected'],
    ['NodeVersionStatusDeleted', 'deleted'],
  ] as const)('maps %s to %s', (status, key) => {
    expect(versionBadge({ status, deprecated: false }).key).toBe(key);
  });

  it('shows Deprecated for a live deprecated version, but keeps review states visible', () => {
    expect(versionBadge({ status: 'NodeVersionStatusActive', deprecated: true })).toEqual({
      key: 'deprecated',
      tone: 'slate',
    });
    expect(versionBadge({ status: 'NodeVersionStatusFlagged', deprecated: true }).key).toBe('flagged');
  });
});

describe('isDownloadable', () => {
  it('offers live and pending versions with an archive only', () => {
    expect(isDownloadable({ status: 'NodeVersionStatusActive', downloadUrl: 'https://x/a.zip' })).toBe(true);
    expect(isDownloadable({ status: 'NodeVersionStatusPending', downloadUrl: 'https://x/a.zip' })).toBe(true);
    expect(isDownloadable({ status: 'NodeVersionStatusActive', downloadUrl: '' })).toBe(false);
    expect(isDownloadable({ status: 'NodeVersionStatusFlagged', downloadUrl: 'https://x/a.zip' })).toBe(false);
    expect(isDownloadable({ status: 'NodeVersionStatusBanned', downloadUrl: 'https://x/a.zip' })).toBe(false);
  });
});

describe('publicReason', () => {
  const t = (key: string, options?: Record<string, string>) => `${key}${options?.detail ? `|${options.detail}` : ''}`;
  const visibleReason = (reason: string | undefined) => publicReason(reason, t);

  it("says the registry's own reasons in words and never shows its English", () => {
    expect(visibleReason('Passed automated checks; waiting for review by an administrator')).toBe(
      'reasons.awaitingReview',
    );
    expect(visibleReason('Archive rejected: no pyproject.toml')).toBe('reasons.rejected|no pyproject.toml');
    expect(visibleReason('undo of the change to NodeVersionStatusActive')).toBeNull();
  });

  it('shows a reviewer note and hides empty reasons and JSON scan findings', () => {
    expect(visibleReason('Uses eval on downloaded code')).toBe('Uses eval on downloaded code');
    expect(visibleReason('  ')).toBeNull();
    expect(visibleReason(undefined)).toBeNull();
    expect(visibleReason('{"issues":[{"file":"a.py","line":3}]}')).toBeNull();
    expect(visibleReason('[1,2]')).toBeNull();
    expect(visibleReason('{not json')).toBe('{not json');
  });
});

describe('initialVersion', () => {
  const v = (
    version: string,
    status: Parameters<typeof versionBadge>[0]['status'],
    downloadUrl = 'https://x/a.zip',
  ) => ({
    version,
    status,
    downloadUrl,
  });

  it("opens on the pack's latest live version, not a newer held or rejected one", () => {
    const list = [
      v('3.0.0', 'NodeVersionStatusBanned'),
      v('2.1.0', 'NodeVersionStatusFlagged'),
      v('2.0.0', 'NodeVersionStatusActive'),
      v('1.0.0', 'NodeVersionStatusActive'),
    ];
    expect(initialVersion(list, '2.0.0')?.version).toBe('2.0.0');
    expect(initialVersion(list, undefined)?.version).toBe('2.0.0');
  });

  it('falls back to a downloadable pending version, then to the newest of all', () => {
    expect(
      initialVersion([v('2.0.0', 'NodeVersionStatusDeleted'), v('1.0.0', 'NodeVersionStatusPending')], undefined)
        ?.version,
    ).toBe('1.0.0');
    expect(
      initialVersion([v('2.0.0', 'NodeVersionStatusBanned'), v('1.0.0', 'NodeVersionStatusFlagged')], undefined)
        ?.version,
    ).toBe('2.0.0');
    expect(initialVersion([], undefined)).toBeUndefined();
  });
});

describe('installWarning', () => {
  it('warns before installing a deprecated or unreviewed version, not a plain live one', () => {
    expect(installWarning({ status: 'NodeVersionStatusActive', deprecated: true })).toBe('deprecated');
    expect(installWarning({ status: 'NodeVersionStatusPending', deprecated: false })).toBe('pending');
    expect(installWarning({ status: 'NodeVersionStatusActive', deprecated: false })).toBeNull();
  });
});
