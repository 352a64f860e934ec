import { describe, expect, it } from 'vitest';
import { suggestPublishers } from './publisher-suggestions';

const publishers = [
  { id: 'kijai', name: 'Kijai' },
  { id: 'ltdrdata', name: 'Dr.Lt.Data' },
  { id: 'acme-labs', name: 'Ácme Labs' },
  { id: 'hidden', name: 'Placeholder' },
];

describe('publisher filter suggestions', () => {
  it('matches part of a display name or an id, ignoring case and accents, starts first', () => {
    expect(suggestPublishers(publishers, 'lt', [], () => false).map((p) => p.id)).toEqual(['ltdrdata']);
    expect(suggestPublishers(publishers, 'DATA', [], () => false).map((p) => p.id)).toEqual(['ltdrdata']);
    expect(suggestPublishers(publishers, 'acme', [], () => false).map((p) => p.id)).toEqual(['acme-labs']);
    expect(suggestPublishers(publishers, 'a', [], () => false).map((p) => p.id)).toEqual([
      'acme-labs',
      'ltdrdata',
      'kijai',
      'hidden',
    ]);
  });

  it('leaves out chosen and excluded publishers, and offers nothing for empty text', () => {
    expect(suggestPublishers(publishers, 'a', ['KIJAI'], (id) => id === 'hidden').map((p) => p.id)).toEqual([
      'acme-labs',
      'ltdrdata',
    ]);
    expect(suggestPublishers(publishers, '  ', [], () => false)).toEqual([]);
  });
});
