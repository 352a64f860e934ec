import { createAnalytics } from './analytics';

it('writes to the console outside production', () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const load = vi.fn();
  const analytics = createAnalytics({ environment: 'staging', posthogKey: 'phc_x' }, load);
  analytics.track('Sign In', { provider: 'Email' });
  analytics.identify('u1');
  analytics.setProfile({ email: 'a@example.com', name: 'Ada' });
  expect(analytics.mode).toBe('console');
  expect(load).not.toHaveBeenCalled();
  expect(info).toHaveBeenCalledWith('[analytics] track', 'Sign In', { provider: 'Email' });
  expect(info).toHaveBeenCalledWith('[analytics] identify', 'u1');
  expect(info).toHaveBeenCalledWith('[analytics] setProfile', { email: 'a@example.com', name: 'Ada' });
});

it('sends to PostHog only when the environment is exactly production, replaying early calls', async () => {
  const calls: unknown[][] = [];
  const posthog = {
    init: (...args: unknown[]) => calls.push(['init', ...args]),
    capture: (...args: unknown[]) => calls.push(['capture', ...args]),
    identify: (...args: unknown[]) => calls.push(['identify', ...args]),
    setPersonProperties: (...args: unknown[]) => calls.push(['setPersonProperties', ...args]),
  };
  const analytics = createAnalytics(
    { environment: 'production', posthogKey: 'phc_x', posthogHost: 'https://ph.example' },
    // The fake implements only what createAnalytics calls.
    async () => posthog as unknown as typeof import('posthog-js').default,
  );
  expect(analytics.mode).toBe('production');
  analytics.identify('u1');
  analytics.track('Sign In', { provider: 'GitHub' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls[0]?.[0]).toBe('init');
  expect(calls.slice(1)).toEqual([
    ['identify', 'u1'],
    ['capture', 'Sign In', { provider: 'GitHub' }],
  ]);
  expect(createAnalytics({ environment: 'Production', posthogKey: 'k' }).mode).toBe('console');
});
