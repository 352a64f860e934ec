import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { summarize } from '../../src/modules/web-listener/page-head.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { changeCatalogue, seedComfyNode, seedPack } from '../helpers/catalogue.js';

// The shape of the built index.html (Vite keeps these tags as written in web/index.html).
const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <title>ComfyUI Registry</title>
    <meta name="description" content="Discover and install ComfyUI custom nodes." />
    <!--registry-config-->
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

const WEB_URL = 'https://registry.example';

// A Vite build manifest: the entry shares `_client` with the pack page's lazy module.
const manifest = {
  'index.html': { file: 'assets/index-abc.js', src: 'index.html', isEntry: true, imports: ['_client.js'] },
  '_client.js': { file: 'assets/client-1.js' },
  '_embedded.js': { file: 'assets/embedded-2.js', imports: ['_client.js'] },
  'src/features/node/components/NodePage.tsx': {
    file: 'assets/NodePage-3.js',
    src: 'src/features/node/components/NodePage.tsx',
    isDynamicEntry: true,
    imports: ['_embedded.js', '_client.js'],
    css: ['assets/NodePage-3.css'],
  },
};

// Part of the route list the web build writes (web/src/app/route-paths.ts → dist/.routes.json).
const appRoutes = [
  '/',
  '/nodes',
  '/nodes/:nodeId',
  '/nodes/:nodeId/manage',
  '/nodes/:nodeId/versions/:version/files/*',
  '/publishers/create',
  '/publishers/:publisherId',
  '/publishers/:publisherId/nodes/:nodeId',
  '/comfy-nodes/:name',
  '/auth/login',
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The API app (for seeding and comparing) and the web listener on a real port over the same context. */
async function start(
  routes: string[] | null = appRoutes,
): Promise<{ t: TestApp; fetchPage: (url: string) => Promise<Response> }> {
  const t = await buildTestApp({ PUBLIC_WEB_URL: WEB_URL });
  const root = mkdtempSync(path.join(os.tmpdir(), 'registry-share-'));
  writeFileSync(path.join(root, 'index.html'), template);
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (routes) writeFileSync(path.join(root, '.routes.json'), JSON.stringify(routes));
  const web = await buildWebApp(t.ctx, { webRoot: root });
  await web.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => web.close());
  const { port } = web.server.address() as AddressInfo;
  return { t, fetchPage: (url) => fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' }) };
}

/** The document's head, as tag → content, using a real HTML-entity decode of attribute values. */
function decode(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function head(html: string) {
  const metas = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    metas.set(match[1] ?? '', decode(match[2] ?? ''));
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  return {
    title: title === undefined ? undefined : decode(title),
    canonical: canonical === undefined ? undefined : decode(canonical),
    meta: Object.fromEntries(metas),
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
  };
}

/** The embedded data element's JSON, or undefined when the page has none. */
function embedded(html: string): { fetchedAt: number; queries: Record<string, unknown> } | undefined {
  const match = /<script type="application\/json" id="registry-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as { fetchedAt: number; queries: Record<string, unknown> }) : undefined;
}

describe('web listener: shareable pages', () => {
  it('gives a pack page its title, description, Open Graph tags, canonical link and the API answer', async () => {
    const { t, fetchPage } = await start();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    await seedPack(t, {
      id: 'impact-pack',
      publisher,
      node: {
        name: 'Impact Pack',
        description: '## Detailers\n\nFace **detailer** nodes. See [the docs](https://example.com/docs).',
        icon_url: 'https://cdn.example/impact.png',
      },
      versions: [{ version: '1.2.0' }],
    });

    const response = await fetchPage('/nodes/impact-pack');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(head(html)).toEqual({
      title: 'Impact Pack · ComfyUI Registry',
      canonical: `${WEB_URL}/nodes/impact-pack`,
      meta: {
        description: 'Detailers Face detailer nodes. See the docs.',
        'og:site_name': 'ComfyUI Registry',
        'og:type': 'website',
        'og:title': 'Impact Pack · ComfyUI Registry',
        'og:description': 'Detailers Face detailer nodes. See the docs.',
        'og:url': `${WEB_URL}/nodes/impact-pack`,
        'og:image': 'https://cdn.example/impact.png',
        'twitter:card': 'summary',
        'twitter:title': 'Impact Pack · ComfyUI Registry',
        'twitter:description': 'Detailers Face detailer nodes. See the docs.',
        'twitter:image': 'https://cdn.example/impact.png',
        'registry-namespaces': 'node',
      },
      titles: 1,
      descriptions: 1,
    });
    expect(html).toContain('window.__REGISTRY__=');
    const api = await t.anon.get('/nodes/impact-pack');
    expect(embedded(html)).toEqual({ fetchedAt: expect.any(Number), queries: { '/nodes/impact-pack': api.json() } });
  });

  it('escapes names and descriptions in the head and keeps the embedded JSON inside its script element', async () => {
    const { t, fetchPage } = await start();
    const name = `<script>alert("name")</script> Bob's "pack"`;
    const description = `</script><script>alert('desc')</script> & <!-- "quotes" \u2028 done`;
    await seedPack(t, { id: 'evil', node: { name, description, icon_url: 'javascript:alert(1)' } });

    const html = await (await fetchPage('/nodes/evil')).text();

    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<!-- "quotes"');
    // The config script, the data script and the app's module script: nothing injected.
    expect(html.match(/<script/g)).toHaveLength(3);
    const tags = head(html);
    expect(tags.title).toBe(`${name} · ComfyUI Registry`);
    expect(tags.meta['og:title']).toBe(`${name} · ComfyUI Registry`);
    expect(tags.meta.description).toBe(`alert('desc') & <!-- "quotes" done`);
    // Only http(s) icons become preview images.
    expect(tags.meta['og:image']).toBeUndefined();
    const data = embedded(html)?.queries['/nodes/evil'] as { name: string; description: string };
    expect(data.name).toBe(name);
    expect(data.description).toBe(description);
  });

  it('serves the pack under its publisher with the canonical pack URL', async () => {
    const { t, fetchPage } = await start();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    await seedPack(t, { id: 'impact-pack', publisher, node: { name: 'Impact Pack' } });

    const html = await (await fetchPage('/publishers/acme/nodes/impact-pack')).text();

    expect(head(html).canonical).toBe(`${WEB_URL}/nodes/impact-pack`);
    expect(head(html).title).toBe('Impact Pack · ComfyUI Registry');
    expect(Object.keys(embedded(html)?.queries ?? {})).toEqual(['/nodes/impact-pack']);
  });

  it('redirects another spelling of a pack id to the canonical one', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'Impact-Pack' });

    const response = await fetchPage('/nodes/impact-pack?tab=versions');

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/nodes/Impact-Pack?tab=versions');
  });

  it('serves /publishers/create, the app’s form, as a page (200), not as a missing publisher', async () => {
    const { fetchPage } = await start();
    const response = await fetchPage('/publishers/create');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(head(html).meta.robots).toBeUndefined();
    expect(head(html).title).not.toContain('not found');
  });

  it('answers an unknown pack, publisher or class with the app, a not-found title, 404 and no data', async () => {
    const { fetchPage } = await start();
    for (const [url, title] of [
      ['/nodes/no-such-pack', 'Pack not found · ComfyUI Registry'],
      ['/publishers/nobody', 'Publisher not found · ComfyUI Registry'],
      ['/publishers/nobody/nodes/no-such-pack', 'Pack not found · ComfyUI Registry'],
      ['/comfy-nodes/NoSuchClass', 'Node class not found · ComfyUI Registry'],
    ] as const) {
      const response = await fetchPage(url);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(head(html).title, url).toBe(title);
      expect(head(html).meta.robots, url).toBe('noindex');
      expect(embedded(html), url).toBeUndefined();
    }
  });

  it('does not describe a banned or deleted pack', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'banned', node: { name: 'Secret Name', status: 'NodeStatusBanned' } });
    await seedPack(t, { id: 'gone', node: { name: 'Gone Name', status: 'NodeStatusDeleted' } });

    const banned = await fetchPage('/nodes/banned');
    expect(banned.status).toBe(403);
    const bannedHtml = await banned.text();
    expect(head(bannedHtml).title).toBe('Pack unavailable · ComfyUI Registry');
    expect(bannedHtml).not.toContain('Secret Name');
    expect(embedded(bannedHtml)).toBeUndefined();
    const deleted = await fetchPage('/nodes/gone');
    expect(deleted.status).toBe(404);
    expect(await deleted.text()).not.toContain('Gone Name');
  });

  it('gives a publisher page its tags and embeds the public profile', async () => {
    const { t, fetchPage } = await start();
    const owner = await t.factories.user();
    await t.factories.publisher({
      id: 'acme',
      name: 'ACME & Sons',
      description: 'We make <b>nodes</b>.',
      logo_url: 'https://cdn.example/acme.png',
      owner,
    });

    const html = await (await fetchPage('/publishers/acme')).text();

    const tags = head(html);
    expect(tags.title).toBe('ACME & Sons · ComfyUI Registry');
    expect(tags.canonical).toBe(`${WEB_URL}/publishers/acme`);
    expect(tags.meta['og:description']).toBe('We make nodes .');
    expect(tags.meta['og:image']).toBe('https://cdn.example/acme.png');
    const api = await t.anon.get('/publishers/acme');
    expect(embedded(html)).toEqual({ fetchedAt: expect.any(Number), queries: { '/publishers/acme': api.json() } });
    expect(JSON.stringify(embedded(html))).not.toContain(owner.email);
  });

  it('describes a node class by the pack that provides it', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, {
      id: 'impact',
      node: { name: 'Impact', description: 'Detailers.', icon_url: 'http://cdn.example/i.png' },
    });
    await seedComfyNode(t, { node_id: 'impact', name: 'Face Detailer' });

    const response = await fetchPage('/comfy-nodes/Face%20Detailer');

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(head(html).title).toBe('Face Detailer · ComfyUI Registry');
    expect(head(html).meta['og:description']).toBe('Face Detailer is a ComfyUI node from Impact. Detailers.');
    expect(head(html).meta['og:url']).toBe(`${WEB_URL}/comfy-nodes/Face%20Detailer`);
    expect(head(html).meta['og:image']).toBe('http://cdn.example/i.png');
    const api = await t.anon.get('/comfy-nodes/Face%20Detailer/node');
    expect(embedded(html)?.queries).toEqual({ '/comfy-nodes/Face Detailer/node': api.json() });
  });

  it('describes a core class as part of ComfyUI and embeds no pack that also lists it', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'reroute-pack', node: { name: 'Reroute Pack' } });
    await seedComfyNode(t, { node_id: 'reroute-pack', name: 'Reroute' });

    const response = await fetchPage('/comfy-nodes/Reroute');

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(head(html).title).toBe('Reroute · ComfyUI Registry');
    expect(head(html).meta['og:description']).toBe('Reroute is a node that ships with ComfyUI.');
    expect(head(html).meta['og:image']).toBeUndefined();
    expect(embedded(html)).toBeUndefined();
  });

  it('shows a catalogue change on the next request', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'renamed', node: { name: 'Old Name' } });
    expect(head(await (await fetchPage('/nodes/renamed')).text()).title).toBe('Old Name · ComfyUI Registry');

    await changeCatalogue(t, ['renamed'], (db) =>
      db.updateTable('nodes').set({ name: 'New Name' }).where('id', '=', 'renamed').execute(),
    );

    expect(head(await (await fetchPage('/nodes/renamed')).text()).title).toBe('New Name · ComfyUI Registry');
  });

  it('serves the app’s other routes with the default head (200), whatever the case or a trailing slash', async () => {
    const { fetchPage } = await start();
    const home = await (await fetchPage('/')).text();
    expect(head(home).canonical).toBe(`${WEB_URL}/`);
    expect(head(home).meta['og:title']).toBe('ComfyUI Registry');
    // Fastify itself rejects a path that is not valid percent-encoding.
    expect((await fetchPage('/nodes/%E0%A4%A')).status).toBe(400);
    for (const url of ['/nodes', '/nodes/', '/NODES', '/nodes/x/manage', '/auth/login?next=%2Faccount']) {
      const response = await fetchPage(url);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(head(html).title, url).toBe('ComfyUI Registry');
      expect(head(html).canonical, url).toBeUndefined();
      expect(embedded(html), url).toBeUndefined();
    }
  });

  it('answers a path that is no route of the app with 404, the app (its not-found screen) and a not-found head', async () => {
    const { fetchPage } = await start();
    for (const url of [
      '/search?q=x',
      '/nodes/a/b/c',
      '/publishers/a/b',
      '/no-such-page',
      '/auth/nope',
      '/nodes//manage',
    ]) {
      const response = await fetchPage(url);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(head(html).title, url).toBe('Page not found · ComfyUI Registry');
      expect(head(html).meta.robots, url).toBe('noindex');
    }
  });

  it('serves any depth of path under a route ending in `*` (a file in the code view), and not the route without it', async () => {
    const { fetchPage } = await start();
    for (const url of ['/nodes/a/versions/1.0.0/files/x.py', '/nodes/a/versions/1.0.0/files/pack/sub/x.py']) {
      expect((await fetchPage(url)).status, url).toBe(200);
    }
    expect((await fetchPage('/nodes/a/versions/1.0.0/files')).status).toBe(404);
  });

  it('serves every path as the app when the build has no route list (an older build)', async () => {
    const { fetchPage } = await start(null);
    for (const url of ['/no-such-page', '/nodes/a/b/c']) expect((await fetchPage(url)).status, url).toBe(200);
  });
});

describe('web listener: screen hints', () => {
  it('announces the screen namespaces before the config script and preloads the lazy route module', async () => {
    const { t, fetchPage } = await start();
    await seedPack(t, { id: 'impact-pack' });
    for (const url of ['/nodes/impact-pack', '/nodes/missing-pack']) {
      const html = await (await fetchPage(url)).text();
      const hints = html.indexOf('<meta name="registry-namespaces" content="node" />');
      expect(hints, url).toBeGreaterThan(-1);
      expect(hints, url).toBeLessThan(html.indexOf('window.__REGISTRY__'));
      expect(html.match(/<link rel="modulepreload"[^>]*>/g), url).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/NodePage-3.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/embedded-2.js" />',
      ]);
    }
    const home = await (await fetchPage('/')).text();
    expect(home).toContain('<meta name="registry-namespaces" content="search" />');
    expect(home).not.toContain('modulepreload');
    expect(await (await fetchPage('/.vite/manifest.json')).text()).not.toContain('NodePage');
  });
});

describe('summarize', () => {
  it('cuts long text on a word boundary and falls back when empty', () => {
    const long = 'word '.repeat(100);
    const short = summarize(long, 'fallback');
    expect([...short].length).toBeLessThanOrEqual(200);
    expect(short.endsWith('word…')).toBe(true);
    expect(summarize('  ![img](x.png)  ', 'fallback')).toBe('fallback');
  });
});
