import { describe, expect, it } from 'vitest';
import {
  REJECTION_TEMPLATES,
  type RejectionCode,
  type RejectionParams,
  readRejection,
  rejectionText,
} from '../../src/engines/archive/rejections.js';
import { codedStatusReason } from '../../src/modules/catalogue/archive-rejections.js';

/** Values of each kind that a careless reader would split wrongly: quotes, backslashes, parentheses. */
const SAMPLES: Record<string, (key: string) => string | number> = {
  json: (key) => `odd "${key}" \\ name (1).py`,
  int: () => 1048576,
  text: (key) => `${key} with (parentheses) and "quotes"`,
  field: () => 'project.version',
};

function sampleParams(code: RejectionCode): RejectionParams {
  const params: RejectionParams = {};
  for (const [, key, kind] of REJECTION_TEMPLATES[code].matchAll(/\{(\w+):(\w+)\}/g)) {
    params[key as string] = (SAMPLES[kind as string] as (key: string) => string | number)(key as string);
  }
  return params;
}

describe('archive rejection reasons', () => {
  const codes = Object.keys(REJECTION_TEMPLATES) as RejectionCode[];

  it.each(codes)('%s: the stored sentence gives back its code and values', (code) => {
    const params = sampleParams(code);
    expect(readRejection(rejectionText(code, params))).toEqual({ code, params });
    expect(codedStatusReason(`Archive rejected: ${rejectionText(code, params)}`)).toEqual({ code, params });
  });

  it('keeps the English sentences clients already read', () => {
    expect(rejectionText('archive.symlink', { entry: 'link.py' })).toBe(
      'entry "link.py" is a symbolic link; links could point outside the pack folder',
    );
    expect(rejectionText('archive.pyproject_field_missing', { field: 'project.name' })).toBe(
      'pyproject.toml has no [project] name',
    );
  });

  it('tells a specific sentence from a general one of the same shape', () => {
    expect(readRejection('entry "a.py" is damaged: checksum mismatch')).toEqual({
      code: 'archive.entry_checksum',
      params: { entry: 'a.py' },
    });
    expect(readRejection('entry "a.py" is damaged: invalid stored block lengths')).toEqual({
      code: 'archive.entry_damaged',
      params: { entry: 'a.py', detail: 'invalid stored block lengths' },
    });
  });

  it('gives no code to reasons that are not the pipeline’s rejection', () => {
    expect(codedStatusReason('Passed automated checks')).toBeNull();
    expect(codedStatusReason('Archive rejected: something an older registry said')).toBeNull();
    expect(codedStatusReason('pyproject.toml is missing at the archive root')).toBeNull();
  });

  it('reads the ban that stopped a version back into its publishing.banned_* code', () => {
    expect(codedStatusReason('Not published: the publisher acme is banned')).toEqual({
      code: 'publishing.banned_publisher',
      params: { publisherId: 'acme' },
    });
    expect(codedStatusReason('Not published: the node hello is banned')).toEqual({
      code: 'publishing.banned_pack',
      params: { nodeId: 'hello' },
    });
    expect(codedStatusReason('Not published: an owner of the publisher acme is banned')).toEqual({
      code: 'publishing.banned_owner',
      params: { publisherId: 'acme' },
    });
    expect(codedStatusReason('Not published: the account that created the publishing token is banned')).toEqual({
      code: 'publishing.banned_token_creator',
      params: {},
    });
    expect(codedStatusReason('Not published: because a moderator said so')).toBeNull();
  });
});
