import { toLinkedAccounts } from '../../../api/queries/linked-accounts';
import { providerKey } from './providers';

describe('sign-in methods', () => {
  it('names the known providers and leaves others as their id', () => {
    expect(providerKey('credential')).toBe('credential');
    expect(providerKey('github')).toBe('github');
    expect(providerKey('google')).toBe('google');
    expect(providerKey('company-sso')).toBeNull();
  });

  it('keeps only well-formed linked accounts', () => {
    expect(
      toLinkedAccounts([
        { id: 'a1', providerId: 'credential', accountId: 'u1', createdAt: '2026-01-01T00:00:00.000Z', scopes: [] },
        { id: 'a2' },
        null,
        { id: 'a3', providerId: 'github' },
      ]),
    ).toEqual([
      { id: 'a1', providerId: 'credential', accountId: 'u1', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'a3', providerId: 'github', accountId: '', createdAt: '' },
    ]);
    expect(toLinkedAccounts({ error: 'x' })).toEqual([]);
  });
});
