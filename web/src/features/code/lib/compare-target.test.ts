import { describe, expect, it } from 'vitest';
import { compareTarget } from './compare-target';

const AWAITING = 'Passed automated checks; waiting for review by an administrator';
const v = (version: string, status: string, status_reason = '', downloadUrl = `/files/${version}.zip`) =>
  ({ version, status, status_reason, downloadUrl }) as Parameters<typeof compareTarget>[0][number];

// Newest first, as the versions list answers.
const list = [
  v('1.4.0', 'NodeVersionStatusActive'),
  v('1.3.0', 'NodeVersionStatusFlagged'),
  v('1.2.0', 'NodeVersionStatusPending', AWAITING),
  v('1.1.0', 'NodeVersionStatusBanned'),
  v('1.0.1', 'NodeVersionStatusActive', '', ''),
  v('1.0.0', 'NodeVersionStatusPending', 'Passed automated checks'),
  v('0.9.0', 'NodeVersionStatusActive'),
];
const visitor = { packActive: true, managesPack: false };
const owner = { packActive: true, managesPack: true };

describe('compareTarget', () => {
  it('skips held, refused, banned and archive-less versions for a visitor', () => {
    expect(compareTarget(list, '1.4.0', visitor)).toBe('1.0.0');
    expect(compareTarget(list, '1.0.0', visitor)).toBe('0.9.0');
  });

  it('offers the nearest older version with an archive to the pack’s managers', () => {
    expect(compareTarget(list, '1.4.0', owner)).toBe('1.3.0');
    expect(compareTarget(list, '1.1.0', owner)).toBe('1.0.0');
  });

  it('offers nothing public of a banned pack, and nothing below the oldest version', () => {
    expect(compareTarget(list, '1.4.0', { packActive: false, managesPack: false })).toBeNull();
    expect(compareTarget(list, '0.9.0', owner)).toBeNull();
    expect(compareTarget(list, '2.0.0', owner)).toBeNull();
  });
});
