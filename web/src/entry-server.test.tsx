// @vitest-environment node
// The web listener runs this module in Node, with no DOM: a component that reads `window` or
// `document` while rendering fails these tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { components } from './api/schema.gen';
import { configure, renderFirstScreen } from './entry-server';
import { SERVER_CARDS } from './features/search/components/SearchPage';

const localesDir = path.resolve(__dirname, '../public/locales');

function translations(language: string): Resource[string] {
  const files: Resource[string] = {};
  for (const name of readdirSync(path.join(localesDir, language))) {
    files[name.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, language, name), 'utf8'));
  }
  return files;
}

const resources = (language: string): Resource => ({ en: translations('en'), [language]: translations(language) });

const pack: components['schemas']['Node'] = {
  id: 'impact-pack',
  name: 'Impact Pack',
  description: 'Detector and **detailer** nodes <script>alert(1)</script>',
  author: 'ltdrdata',
  license: 'GPL-3.0',
  icon: '',
  banner_url: '',
  repository: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
  tags: [],
  tags_admin: [],
  category: '',
  rating: 0,
  downloads: 12345,
  github_stars: 2400,
  status: 'NodeStatusActive',
  status_detail: '',
  supported_os: [],
  supported_accelerators: [],
  supported_comfyui_version: '',
  supported_comfyui_frontend_version: '',
  search_ranking: 5,
  preempted_comfy_node_names: [],
  created_at: '2026-09-01T00:00:00Z',
  publisher: { id: 'acme', name: 'ACME' },
  install_commands: [
    { kind: 'latest', command: 'comfy node install impact-pack' },
    { kind: 'version', command: 'comfy node install impact-pack@1.2.0' },
  ],
  latest_version: {
    id: 'v1',
    node_id: 'impact-pack',
    version: '1.2.0',
    changelog: '',
    comfy_node_extract_status: 'success',
    createdAt: '2026-10-01T00:00:00Z',
    dependencies: [],
    deprecated: false,
    downloads: 0,
    downloadUrl: 'https://registry.test/files/impact-pack-1.2.0.zip',
    status: 'NodeVersionStatusActive',
    supported_accelerators: [],
    supported_comfyui_frontend_version: '',
    supported_comfyui_version: '',
    supported_os: [],
    tags: [],
    tags_admin: [],
    install_command: 'comfy node install impact-pack@1.2.0',
  },
};

function render(url: string, language = 'en', queries: Record<string, unknown> = {}) {
  return renderFirstScreen({
    url,
    language,
    resources: resources(language),
    namespaces: Object.keys(translations('en')),
    queries,
    fetchedAt: Date.parse('2026-11-01T00:00:00Z'),
  });
}

describe('first screen rendered on the server', () => {
  it('renders a pack page from its embedded answer: name, publisher, install command, escaped description', async () => {
    const screen = await render('/nodes/impact-pack', 'en', { '/nodes/impact-pack': pack });
    expect(screen?.dir).toBe('ltr');
    const html = screen?.html ?? '';
    expect(html).toMatch(/<h1[^>]*>Impact Pack<\/h1>/);
    expect(html).toContain('href="/publishers/acme"');
    expect(html).toContain('comfy node install impact-pack');
    expect(html).toContain('12,345');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('writes the page in the reader’s language, right to left for Arabic', async () => {
    const screen = await render('/nodes/impact-pack', 'ar', { '/nodes/impact-pack': pack });
    expect(screen?.dir).toBe('rtl');
    const arabic = translations('ar') as { common: { nav: { resolve: string } } };
    expect(screen?.html).toContain(arabic.common.nav.resolve);
  });

  it('renders the home page with the search box holding the query from the URL', async () => {
    const screen = await render('/?q=upscale');
    const english = translations('en') as { search: { title: string } };
    expect(screen?.html).toContain(english.search.title);
    expect(screen?.html).toMatch(/<input[^>]*value="upscale"/);
  });

  it('renders the first rows of a search’s embedded results, leaving the rest and the pager to the app', async () => {
    const nodes: components['schemas']['SearchNode'][] = Array.from({ length: 20 }, (_, i) => ({
      ...pack,
      id: `upscale-pack-${i + 1}`,
      name: `Upscale Pack ${i + 1}`,
    }));
    const answer: components['schemas']['SearchNodesPage'] = { nodes, total: 45, page: 1, limit: 20, totalPages: 3 };
    const screen = await render('/?q=upscale', 'en', {
      '/nodes/search?search=upscale&sort=relevance&limit=20': answer,
    });
    const html = screen?.html ?? '';
    expect(html).toContain('45 packs found');
    const cards = [...html.matchAll(/<h3[^>]*><a[^>]*href="\/nodes\/([^"]+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(nodes.slice(0, SERVER_CARDS).map((node) => node.id));
    expect(html).not.toContain('Upscale Pack 20');
    expect(html).not.toContain('aria-label="Result pages"');
  });

  it('renders every result, and the pager, when a page has no more than fit the first rows', async () => {
    const nodes = [{ ...pack, id: 'only-pack', name: 'Only Pack' }];
    const answer: components['schemas']['SearchNodesPage'] = { nodes, total: 21, page: 1, limit: 20, totalPages: 2 };
    const html =
      (await render('/?q=only', 'en', { '/nodes/search?search=only&sort=relevance&limit=20': answer }))?.html ?? '';
    expect(html).toContain('href="/nodes/only-pack"');
    expect(html).toContain('aria-label="Result pages"');
  });

  it('uses the links of the deployment’s runtime config', async () => {
    configure({ docsUrl: 'https://docs.example/registry' });
    const screen = await render('/nodes/impact-pack', 'en', { '/nodes/impact-pack': pack });
    expect(screen?.html).toContain('href="https://docs.example/registry"');
  });

  it('renders a pack without an embedded answer as loading, not as missing', async () => {
    const html = (await render('/nodes/other-pack'))?.html ?? '';
    expect(html).not.toContain('<h1');
    expect(html).toContain('role="status"');
  });
});
