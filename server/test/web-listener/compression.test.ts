import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { buildTestApp } from '../helpers/app.js';
import { seedSearchPacks } from '../routes/search/seed.js';

/** Big enough to be worth compressing, as the real pages and bundles are. */
const filler = (label: string) => `${label} `.repeat(400);

const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="utf-8" /><title>ComfyUI Registry</title><!--registry-config--></head>
  <body><div id="root"></div><!-- ${filler('page')} --><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

/** The SSR build's exports; it prints the answers it was handed, so the test sees what was embedded. */
const fakeEntry = `
export function configure() {}
export async function renderFirstScreen(input) {
  const keys = Object.keys(input.queries);
  const names = keys.flatMap((key) => input.queries[key].nodes.map((node) => node.id));
  return { html: '<h1>' + keys.join(';') + '</h1><ul>' + names.map((n) => '<li>' + n + '</li>').join('') + '</ul>', dir: 'ltr' };
}
`;

/** A built web root as `npm run build` leaves it: each served text file with `.br` and `.gz` beside it. */
function webRoot(): { root: string; script: Buffer } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'registry-compression-'));
  writeFileSync(path.join(root, 'index.html'), template);
  mkdirSync(path.join(root, 'assets'));
  const script = Buffer.from(`console.log(${JSON.stringify(filler('script'))});`);
  const written = (file: string, body: Buffer) => {
    writeFileSync(file, body);
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body));
  };
  written(path.join(root, 'assets', 'index-abc.js'), script);
  mkdirSync(path.join(root, 'locales', 'en'), { recursive: true });
  written(path.join(root, 'locales', 'en', 'common.json'), Buffer.from(JSON.stringify({ filler: filler('words') })));
  writeFileSync(path.join(root, 'locales', 'en', 'search.json'), '{}');
  mkdirSync(path.join(root, '.ssr'));
  writeFileSync(path.join(root, '.ssr', 'entry-server.js'), fakeEntry);
  return { root, script };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start() {
  const t = await buildTestApp({ PUBLIC_WEB_URL: 'https://registry.example' });
  const { root, script } = webRoot();
  const web = await buildWebApp(t.ctx, { webRoot: root, api: t.app });
  closers.push(() => web.close());
  // Injected requests neither ask for nor undo compression unless told: the test sees the bytes as sent.
  const get = async (url: string, encoding?: string) => {
    const response = await web.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  };
  return { t, root, script, get };
}

describe('web listener: compression', () => {
  it("sends the build's brotli or gzip copy of an asset as the browser asks, still cached for a year", async () => {
    const { root, script, get } = await start();
    const brotli = await get('/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.body.equals(readFileSync(path.join(root, 'assets', 'index-abc.js.br')))).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(script)).toBe(true);
    expect(brotli.body.length).toBeLessThan(script.length / 4);

    const gzip = await get('/assets/index-abc.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);

    const words = await get('/locales/en/common.json', 'br');
    expect(words.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(words.body).toString())).toHaveProperty('filler');
  });

  it('compresses pages, and leaves them as they are for a client that cannot decompress', async () => {
    const { get } = await start();
    const brotli = await get('/publishers/create', 'br;q=1, gzip;q=0.5');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(brotli.body).toString();
    expect(html).toContain('window.__REGISTRY__=');
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(html) / 3);
    const gzip = await get('/publishers/create', 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    const plain = await get('/publishers/create', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });
});

describe('web listener: search results rendered on the server', () => {
  const embedded = (html: string) => {
    const match = /<script type="application\/json" id="registry-data">(.*?)<\/script>/s.exec(html);
    return match?.[1] ? (JSON.parse(match[1]) as { queries: Record<string, { nodes: { id: string }[] }> }) : undefined;
  };

  it('embeds and renders the first page of a search link, and of the popular packs at home', async () => {
    const { t, get } = await start();
    await seedSearchPacks(t, [
      { id: 'upscale-tools', node: { name: 'Upscale Tools' } },
      { id: 'video-helper', node: { name: 'Video Helper' } },
    ]);

    const search = await get('/?q=upscale', 'identity');
    const html = search.body.toString();
    const data = embedded(html);
    const key = '/nodes/search?search=upscale&sort=relevance&limit=20';
    expect(Object.keys(data?.queries ?? {})).toEqual([key]);
    expect(data?.queries[key]?.nodes.map((n) => n.id)).toEqual(['upscale-tools']);
    // The results are in the markup, before any script runs.
    expect(html).toContain(`<h1>${key}</h1><ul><li>upscale-tools</li></ul>`);

    const home = embedded((await get('/', 'identity')).body.toString());
    const popular = home?.queries['/nodes/search?search=&sort=downloads&limit=20'];
    expect(popular?.nodes.map((n) => n.id).sort()).toEqual(['upscale-tools', 'video-helper']);
  });

  it('leaves filtered searches and later pages to the browser', async () => {
    const { get } = await start();
    for (const url of ['/?q=upscale&os=linux', '/?q=upscale&page=2', '/?q=upscale&publisher=acme']) {
      const html = (await get(url, 'identity')).body.toString();
      expect(embedded(html)).toBeUndefined();
    }
  });
});
