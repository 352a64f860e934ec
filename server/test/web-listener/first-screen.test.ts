import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { LANGUAGE_COOKIE, readerLanguage } from '../../src/modules/web-listener/first-screen.js';
import { buildTestApp } from '../helpers/app.js';
import { seedPack } from '../helpers/catalogue.js';

const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="utf-8" /><title>ComfyUI Registry</title><!--registry-config--></head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

const LANGUAGES = ['en', 'fr', 'zh', 'ar'];

/**
 * A stand-in for the SSR build of web/src/entry-server.tsx with the same exports. It writes what
 * it was given into the markup, so the tests see exactly what the listener passed; the real
 * module is tested by the web app's own tests (src/entry-server.test.tsx) and in the browser.
 */
const fakeEntry = `
let runtime = {};
export function configure(config) { runtime = config; }
export async function renderFirstScreen(input) {
  if (input.url.includes('explode')) throw new Error('render failed');
  const pack = Object.values(input.queries)[0];
  const words = input.resources[input.language]?.common?.hello ?? '?';
  const english = input.resources.en?.common?.hello ?? '?';
  return {
    html: '<h1>' + (pack?.name ?? 'home') + '</h1><p>' + words + '|' + english + '|' + input.url + '|' +
      input.namespaces.join(',') + '|' + runtime.apiUrl + '</p>',
    dir: input.language === 'ar' ? 'rtl' : 'ltr',
  };
}
`;

function webRoot(withEntry: boolean): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'registry-first-screen-'));
  writeFileSync(path.join(root, 'index.html'), template);
  for (const language of LANGUAGES) {
    mkdirSync(path.join(root, 'locales', language), { recursive: true });
    writeFileSync(path.join(root, 'locales', language, 'common.json'), JSON.stringify({ hello: `hello-${language}` }));
    writeFileSync(path.join(root, 'locales', language, 'node.json'), '{}');
  }
  if (withEntry) {
    mkdirSync(path.join(root, '.ssr'));
    writeFileSync(path.join(root, '.ssr', 'entry-server.js'), fakeEntry);
  }
  return root;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start({ withEntry = true } = {}) {
  const t = await buildTestApp({ PUBLIC_WEB_URL: 'https://registry.example' });
  const web = await buildWebApp(t.ctx, { webRoot: webRoot(withEntry) });
  await web.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => web.close());
  const { port } = web.server.address() as AddressInfo;
  const fetchPage = (url: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, { headers, redirect: 'manual' });
  return { t, fetchPage };
}

const rootOf = (html: string) => /<div id="root"(?: inert)?>([\s\S]*?)<\/div>\s*<(?:script|link)/.exec(html)?.[1];
const ENTRY_TAG = '<script type="module" src="/assets/index-abc.js"></script>';
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('reader language', () => {
  it('takes the chosen language from the cookie, else the best Accept-Language match, else English', () => {
    expect(readerLanguage({ cookie: `theme=dark; ${LANGUAGE_COOKIE}=fr` }, LANGUAGES)).toBe('fr');
    expect(readerLanguage({ cookie: `${LANGUAGE_COOKIE}=fr`, 'accept-language': 'zh-CN' }, LANGUAGES)).toBe('fr');
    expect(readerLanguage({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, LANGUAGES)).toBe('zh');
    expect(readerLanguage({ 'accept-language': 'de-DE,de;q=0.9,ar;q=0.5,fr;q=0.7' }, LANGUAGES)).toBe('fr');
    expect(readerLanguage({ 'accept-language': 'de-DE' }, LANGUAGES)).toBe('en');
    expect(readerLanguage({}, LANGUAGES)).toBe('en');
  });

  it('ignores a cookie naming a language the app does not have, and malformed headers', () => {
    expect(readerLanguage({ cookie: `${LANGUAGE_COOKIE}=xx`, 'accept-language': 'ar' }, LANGUAGES)).toBe('ar');
    expect(readerLanguage({ cookie: `${LANGUAGE_COOKIE}=<script>` }, LANGUAGES)).toBe('en');
    expect(readerLanguage({ cookie: ';;==;', 'accept-language': ';;q=x,,' }, LANGUAGES)).toBe('en');
  });
});

describe('web listener: first screen rendered on the server', () => {
  it('renders a pack page from the data it embeds, in the reader’s language', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'impact-pack', node: { name: 'Impact Pack' }, versions: [{ version: '1.0.0' }] });

    const response = await fetchPage('/nodes/impact-pack?tab=versions', { 'accept-language': 'fr-FR,fr;q=0.9' });

    expect(response.status).toBe(200);
    // fetch asks for compressed pages; the language choice and the encoding both key caches.
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    const html = await response.text();
    expect(htmlTag(html)).toBe('<html lang="fr" dir="ltr">');
    // Inert until the app takes it over, so nothing typed or clicked meanwhile is lost.
    expect(html).toContain('<div id="root" inert><h1>');
    expect(rootOf(html)).toBe(
      '<h1>Impact Pack</h1><p>hello-fr|hello-en|/nodes/impact-pack?tab=versions|common,node|http://registry.test</p>',
    );
  });

  it('starts the app only after a frame on pages with a first screen, at once on the others', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'impact-pack', node: { name: 'Impact Pack' } });
    for (const url of ['/', '/nodes/impact-pack']) {
      const html = await (await fetchPage(url)).text();
      // The entry is fetched at once, but run after the next frame, or at once on a hidden page.
      expect(html).not.toContain(ENTRY_TAG);
      expect(html).toContain('<link rel="modulepreload" href="/assets/index-abc.js" />');
      const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(loader).toContain('import("/assets/index-abc.js")');
      expect(loader).toContain('requestAnimationFrame(() => setTimeout(start))');
      // Hidden pages get no frames; a visible one waits long for its first (a busy CPU is slow).
      expect(loader).toContain("if (document.visibilityState === 'hidden') start();");
      expect(loader).toContain("document.addEventListener('visibilitychange', start, { once: true });");
      expect(loader).toContain('setTimeout(start, 2000);');
      expect(html.match(/import\(/g)).toHaveLength(1);
    }
    for (const url of ['/resolve', '/nodes/no-such-pack']) {
      const html = await (await fetchPage(url)).text();
      expect(html).toContain(ENTRY_TAG);
      expect(html).not.toContain('import(');
    }
    const without = await start({ withEntry: false });
    expect(await (await without.fetchPage('/')).text()).toContain(ENTRY_TAG);
  });

  it('renders the home page, right to left for Arabic chosen by cookie', async () => {
    const { fetchPage } = await start();
    const html = await (await fetchPage('/?q=face', { cookie: `${LANGUAGE_COOKIE}=ar` })).text();
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(rootOf(html)).toContain('<h1>home</h1><p>hello-ar|hello-en|/?q=face|');
  });

  it('leaves missing pages and app-only routes to the app', async () => {
    const { fetchPage } = await start();
    const missing = await fetchPage('/nodes/no-such-pack');
    expect(missing.status).toBe(404);
    // No first screen, so the language does not shape the page; the theme cookie still colours it.
    expect(missing.headers.get('vary')).not.toMatch(/Accept-Language/);
    expect(missing.headers.get('vary')).toMatch(/Cookie/);
    expect(rootOf(await missing.text())).toBe('');
    const resolver = await fetchPage('/resolve');
    expect(resolver.status).toBe(200);
    expect(rootOf(await resolver.text())).toBe('');
  });

  it('still serves the page, with an empty root, when rendering fails', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'explode', node: { name: 'Explode' } });
    const response = await fetchPage('/nodes/explode');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(htmlTag(html)).toBe('<html lang="en" dir="ltr">');
    expect(html).toContain('"/nodes/explode"');
  });

  it('serves pages as before without an SSR build, and never serves the build itself', async () => {
    const without = await start({ withEntry: false });
    await seedPack(without.t, { id: 'impact-pack', node: { name: 'Impact Pack' } });
    const plain = await without.fetchPage('/nodes/impact-pack');
    expect(plain.status).toBe(200);
    expect(rootOf(await plain.text())).toBe('');

    // Dot folders are not files to browsers: such a path is just an app route.
    const { fetchPage } = await start();
    for (const url of ['/.ssr/entry-server.js', '/%2Essr/entry-server.js']) {
      const response = await fetchPage(url);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).not.toContain('renderFirstScreen');
    }
  });
});
