import { avatarInitial, avatarLabel } from './avatar';

describe('avatarInitial', () => {
  it('uses the first letter of the display name', () => {
    expect(avatarInitial({ displayName: 'ada lovelace', email: 'x@example.com' })).toBe('A');
  });
  it('falls back to the e-mail', () => {
    expect(avatarInitial({ displayName: '  ', email: 'zoe@example.com' })).toBe('Z');
  });
  it('falls back to U', () => {
    expect(avatarInitial({})).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
  it('keeps a whole character outside the basic plane', () => {
    expect(avatarInitial({ displayName: '𝒜lice' })).toBe('𝒜');
  });
});

it('labels with the display name, else the e-mail', () => {
  expect(avatarLabel({ displayName: 'Ada', email: 'a@example.com' })).toBe('Ada');
  expect(avatarLabel({ displayName: null, email: 'a@example.com' })).toBe('a@example.com');
});
