import { isDownloadable, versionBadge, visibleReason } from './version-status';

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

describe('visibleReason', () => {
  it('shows a reviewer note and hides empty reasons and JSON scan findings', () => {
    expect(visibleReason('Uses eval on downloaded code')).toBe('Uses eval on downloaded code');
    expect(visibleReason('  ')).toBeNull();
    expect(visibleReason(undefined)).toBeNull();
    expect(visibleReason('{"issues":[{"file":"a.py","line":3}]}')).toBeNull();
    expect(visibleReason('[1,2]')).toBeNull();
    expect(visibleReason('{not json')).toBe('{not json');
  });
});
