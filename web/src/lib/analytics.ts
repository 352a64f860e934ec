import type { AnalyticsConfig } from './config';

/** Property or profile values sent with events. */
export type AnalyticsProperties = Record<string, string | number | boolean | null | undefined>;

/** The three analytics operations the app uses. */
export interface Analytics {
  /** Records an event with its properties. */
  track(name: string, properties?: AnalyticsProperties): void;
  /** Ties later events to a user id. */
  identify(id: string): void;
  /** Sets profile fields of the identified user. */
  setProfile(fields: AnalyticsProperties): void;
  /** "production" when events go to PostHog, "console" otherwise. */
  readonly mode: 'production' | 'console';
}

type PostHogClient = typeof import('posthog-js').default;

/**
 * Picks the analytics mode once: PostHog only when the environment is exactly "production" and a
 * key is configured, otherwise every call is written to the browser console. PostHog's library
 * loads lazily (it is large), and calls made before it arrives are replayed in order.
 */
export function createAnalytics(
  config: AnalyticsConfig,
  loadPostHog: () => Promise<PostHogClient> = async () => (await import('posthog-js')).default,
): Analytics {
  if (config.environment !== 'production' || !config.posthogKey) {
    return {
      mode: 'console',
      track: (name, properties) => console.info('[analytics] track', name, properties ?? {}),
      identify: (id) => console.info('[analytics] identify', id),
      setProfile: (fields) => console.info('[analytics] setProfile', fields),
    };
  }
  const key = config.posthogKey;
  const queue: ((client: PostHogClient) => void)[] = [];
  let client: PostHogClient | null = null;
  void loadPostHog()
    .then((posthog) => {
      posthog.init(key, {
        api_host: config.posthogHost || 'https://us.i.posthog.com',
        capture_pageview: false,
        capture_pageleave: true,
        person_profiles: 'identified_only',
      });
      client = posthog;
      for (const call of queue.splice(0)) call(posthog);
    })
    .catch((error: unknown) => console.warn('[analytics] PostHog failed to load', error));
  const run = (call: (c: PostHogClient) => void) => (client ? call(client) : queue.push(call));
  return {
    mode: 'production',
    track: (name, properties) => run((c) => c.capture(name, properties)),
    identify: (id) => run((c) => c.identify(id)),
    setProfile: (fields) => run((c) => c.setPersonProperties(fields)),
  };
}
