import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { injectRuntimeConfig, webRuntimeConfig } from '../../src/modules/web-listener/runtime-config.js';
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
      // SPEC §2: external docs (Chinese for zh*), and an external issue page to contribute translations.
      docsUrl: 'https://docs.comfy.org/registry/overview',
      docsUrlZh: 'https://docs.comfy.org/zh-CN',
      discordUrl: 'https://discord.gg/comfyorg',
      contributeUrl: 'https://github.com/Comfy-Org/registry-web/issues/206',
      trustedPublishingIssuer: 'https://token.actions.githubusercontent.com',
      footer: {},
      version: JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')).version,
      analytics: { environment: 'production', posthogKey: 'phc_test', posthogHost: 'https://us.i.posthog.com' },
      buildId: 'b1',
    });
  });

  it('renders <html> dark for a reader whose theme cookie says dark, and keys caches on the cookie', async () => {
    const app = await build();
    const dark = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'comfy-registry-theme=dark' } });
    expect(dark.body).toMatch(/<html class="dark" style="color-scheme: dark">/);
    expect(dark.headers.vary).toMatch(/Cookie/);
    for (const cookie of ['comfy-registry-theme=light', 'comfy-registry-theme=auto', 'other=dark']) {
      const page = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(page.body).toMatch(/<html>/);
    }
  });

  it('hands the footer the contact address and the links that are set, and the chosen docs', async () => {
    const app = await build({
      CONTACT_EMAIL: 'admins@registry.example',
      WEB_TERMS_URL: 'https://registry.example/terms',
      WEB_PRIVACY_URL: 'https://registry.example/privacy',
      WEB_SOURCE_URL: 'https://git.example/registry',
      WEB_DOCS_URL: 'https://docs.example/registry',
      WEB_CONTRIBUTE_URL: 'https://git.example/registry/translations',
      TRUSTED_PUBLISHING_ISSUER: 'https://ci.example/oidc/',
    });
    const config = injected((await app.inject({ method: 'GET', url: '/' })).body);
    // The trusted-publisher form names the issuer this instance accepts, not always GitHub's.
    expect(config.trustedPublishingIssuer).toBe('https://ci.example/oidc');
    expect(config.footer).toEqual({
      contactEmail: 'admins@registry.example',
      termsUrl: 'https://registry.example/terms',
      privacyUrl: 'https://registry.example/privacy',
      sourceUrl: 'https://git.example/registry',
    });
    expect([config.docsUrl, config.docsUrlZh, config.contributeUrl]).toEqual([
      'https://docs.example/registry',
      'https://docs.comfy.org/zh-CN',
      'https://git.example/registry/translations',
    ]);
  });

  it('refuses a contact address or footer link that is not one', () => {
    expect(() => testConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
    expect(() => testConfig({ WEB_TERMS_URL: 'javascript:alert(1)' })).toThrow(/WEB_TERMS_URL/);
  });

  it("serves the project's translation guide as text", async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/contributing/translations.md' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(readFileSync(path.resolve(__dirname, '../../../docs/translations.md'), 'utf8'));
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

describe('security headers of the web listener', () => {
  const startUp = '\n      document.documentElement.dataset.started = "yes";\n    ';
  const withStartUp = template.replace('</head>', `<script>${startUp}</script></head>`);

  /** The listener on a real port, with index.html carrying an inline start-up script. */
  async function listening(env: Record<string, string> = {}): Promise<string> {
    const database = await createTestDatabase();
    const root = webRoot();
    writeFileSync(path.join(root, 'index.html'), withStartUp);
    const app = await buildWebApp(createContext(testConfig(env), database), { webRoot: root });
    closers.push(async () => {
      await app.close();
      await database.destroy();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}`;
  }

  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const directives = (policy: string | null) =>
    new Map(
      (policy ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
        .map(([k, ...v]) => [k, v]),
    );

  it('forbids framing and runs only its own scripts and the inline ones it wrote, on every page and worker', async () => {
    const base = await listening();
    // Scripts, styles and translations are never documents: the two headers would only weigh them down.
    for (const url of ['/assets/index-abc123.js', '/locales/en/common.json?v=1']) {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
    for (const url of ['/', '/nodes', '/no-such-page', '/assets/pretty.worker-abc123.js']) {
      const response = await fetch(`${base}${url}`);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'http://registry.test']);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts[0]).toBe("'self'");
      if (url.startsWith('/assets/')) continue;
      // Every inline script the page carries is allowed by its hash, and nothing else is.
      const html = await response.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1] ?? ''));
      expect(inline).toHaveLength(2);
      expect(scripts.slice(1).sort()).toEqual([...inline].sort());
      expect(scripts).toContain(sha256(startUp));
    }
  });

  it('lets the analytics host load and connect only when analytics is on', async () => {
    const off = directives((await fetch(`${await listening()}/`)).headers.get('content-security-policy'));
    expect(off.get('script-src')?.some((s) => s.includes('posthog'))).toBe(false);
    const on = directives(
      (await fetch(`${await listening({ WEB_POSTHOG_KEY: 'phc_test' })}/`)).headers.get('content-security-policy'),
    );
    expect(on.get('script-src')).toEqual(
      expect.arrayContaining(['https://us.i.posthog.com', 'https://us-assets.i.posthog.com']),
    );
    expect(on.get('connect-src')).toEqual(expect.arrayContaining(['https://us.i.posthog.com']));
  });
});
