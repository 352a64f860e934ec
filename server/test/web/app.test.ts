import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { buildWebApp } from '../../src/modules/web/app.js';
import { injectRuntimeConfig, webRuntimeConfig } from '../../src/modules/web/runtime-config.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/database.js';

const template =
  '<!doctype html><html><head><!--registry-config--><title>ComfyUI Registry</title></head><body></body></html>';

function webRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'registry-web-'));
  writeFileSync(path.join(root, 'index.html'), template);
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(root, 'locales', 'en'), { recursive: true });
  writeFileSync(path.join(root, 'locales', 'en', 'common.json'), '{}');
  return root;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function build(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const app = await buildWebApp(createContext(testConfig(env), database), { webRoot: webRoot() });
  closers.push(async () => {
    await app.close();
    await database.destroy();
  });
  return app;
}

function injected(html: string): Record<string, unknown> {
  const match = /window\.__REGISTRY__=(.*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no config script');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('web listener', () => {
  it('serves client routes with the runtime config injected and no caching', async () => {
    const app = await build({
      WEB_ANALYTICS_ENVIRONMENT: 'production',
      WEB_POSTHOG_KEY: 'phc_test',
      WEB_BUILD_ID: 'b1',
    });
    const response = await app.inject({ method: 'GET', url: '/nodes?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(injected(response.body)).toEqual({
      apiUrl: 'http://registry.test',
      docsUrl: 'https://docs.comfy.org/registry/overview',
      docsUrlZh: 'https://docs.comfy.org/zh-CN',
      discordUrl: 'https://discord.gg/comfyorg',
      contributeUrl: 'https://github.com/Comfy-Org/registry-web/issues/206',
      analytics: { environment: 'production', posthogKey: 'phc_test', posthogHost: 'https://us.i.posthog.com' },
      buildId: 'b1',
    });
  });

  it('derives the build id from index.html when none is configured', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(injected(response.body).buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(injected(response.body).analytics).toEqual({
      environment: 'development',
      posthogHost: 'https://us.i.posthog.com',
    });
  });

  it('redirects /discord to the configured invite', async () => {
    const app = await build({ WEB_DISCORD_URL: 'https://discord.example/invite' });
    const response = await app.inject({ method: 'GET', url: '/discord' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://discord.example/invite');
  });

  it('caches hashed assets for a year and answers 404 for missing ones', async () => {
    const app = await build();
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/locales/xx/common.json' })).statusCode).toBe(404);
    const locale = await app.inject({ method: 'GET', url: '/locales/en/common.json?v=1' });
    expect(locale.statusCode).toBe(200);
  });
});

it('escapes the config so a value cannot close the script element', () => {
  const config = testConfig({ WEB_BUILD_ID: '</script><script>alert(1)</script>' });
  const html = injectRuntimeConfig(template, webRuntimeConfig(config, template));
  expect(html).not.toContain('</script><script>alert(1)');
  expect(injected(html).buildId).toBe('</script><script>alert(1)</script>');
});
