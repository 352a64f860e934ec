import { describe, expect, it } from 'vitest';
import { processWorkspace, startRegistry } from '../helpers/server-process.js';

/** Polls `/ready` until it answers 200 (the search index is built in the background after start). */
async function waitForReady(url: string): Promise<unknown> {
  let last: unknown;
  for (let i = 0; i < 300; i++) {
    const res = await fetch(`${url}/ready`);
    last = await res.json();
    if (res.status === 200) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never ready: ${JSON.stringify(last)}`);
}

describe('starting the built server with REGISTRY_ENV=production', { timeout: 180_000 }, () => {
  it('refuses to start, listing everything to fix, while development settings remain', async () => {
    const { env } = await processWorkspace();
    const registry = await startRegistry({ ...env, REGISTRY_ENV: 'production' }, { waitForHealth: false });
    const { code } = await registry.exited;
    expect(code).toBe(1);
    const lines = registry.stderr().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    for (const variable of ['PUBLIC_API_URL', 'PUBLIC_WEB_URL', 'AUTH_SECRET', 'SMTP_URL']) {
      expect(lines.some((l) => l.trimStart().startsWith(`${variable}: `))).toBe(true);
    }
    expect(registry.stderr()).toContain('See docs/configuration.md for every setting.');
    // Nothing was listening.
    await expect(fetch(`${registry.url}/health`)).rejects.toThrow();
  });

  it('starts, becomes ready and stops with exit code 0 when production is configured', async () => {
    const { env } = await processWorkspace();
    const registry = await startRegistry({
      ...env,
      REGISTRY_ENV: 'production',
      PUBLIC_API_URL: 'https://api.registry.example',
      PUBLIC_WEB_URL: 'https://registry.example',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      // Not contacted at start: mail is only sent when someone signs up.
      SMTP_URL: 'smtp://127.0.0.1:9',
      TRUST_PROXY: 'true',
    });
    expect(await (await fetch(`${registry.url}/health`)).text()).toBe('OK');
    expect(await waitForReady(registry.url)).toMatchObject({ status: 'ready', failing: [] });
    registry.child.kill('SIGTERM');
    expect(await registry.exited).toEqual({ code: 0, signal: null });
  });
});
