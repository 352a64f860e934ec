/** Translation key (under `methods.providers`) for a provider id, or null to show the id itself. */
export function providerKey(providerId: string): 'credential' | 'github' | 'google' | null {
  if (providerId === 'credential') return 'credential';
  if (providerId === 'github' || providerId === 'google') return providerId;
  return null;
}
