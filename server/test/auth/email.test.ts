import { describe, expect, it } from 'vitest';
import { normalizeEmail, parseEmailList } from '../../src/modules/auth/email.js';

describe('normalizeEmail', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  ada@example.com\t', 'ada@example.com'],
    ['ＡＤＡ@ｅｘａｍｐｌｅ.ｃｏｍ', 'ada@example.com'],
    ['\u212Aate@example.com', 'kate@example.com'],
    ["o'neil+tag@mail.example.co.uk", "o'neil+tag@mail.example.co.uk"],
    ['ada@xn--bcher-kva.example', 'ada@xn--bcher-kva.example'],
  ])('folds %j to %j', (raw, folded) => {
    expect(normalizeEmail(raw)).toBe(folded);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'a..da@example.com',
    'ada.@example.com',
    'ada@-example.com',
    '\u0430da@example.com',
    'a\u200Bda@example.com',
    'ada@exämple.com',
    'ada@example.com\u0000',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (raw) => {
    expect(normalizeEmail(raw)).toBeNull();
  });
});

describe('parseEmailList', () => {
  it('keeps valid addresses in canonical form and drops the rest', () => {
    expect([...parseEmailList(' Boss@Example.com, ,nope, ops@example.com ')]).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });
});
