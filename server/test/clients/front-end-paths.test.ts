import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support.js';

/** The connector's one list of the front end's registry paths (clients/comfyui/web/). */
interface RegistryPaths {
  PUBLIC_REGISTRY: string;
  REGISTRY_PATHS: string[];
  redirectedUrl(url: string, registry: string): string | null;
}

const load = async () =>
  (await import(pathToFileURL(path.join(repoRoot, 'clients/comfyui/web/registry-paths.js')).href)) as RegistryPaths;

describe('the front-end extension’s list of registry paths', () => {
  it('is the list docs/clients.md shows', async () => {
    const { REGISTRY_PATHS } = await load();
    const docs = readFileSync(path.join(repoRoot, 'docs/clients.md'), 'utf8');
    const section = /<!-- registry-paths: start -->([\s\S]*?)<!-- registry-paths: end -->/.exec(docs)?.[1] ?? '';
    const documented = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(REGISTRY_PATHS);
  });

  it('moves the registry calls of api.comfy.org, with their query, and nothing else', async () => {
    const { redirectedUrl } = await load();
    const here = 'https://api.registry.example.org';
    const moved: [string, string][] = [
      ['https://api.comfy.org/nodes?limit=16&page=1&sort=name', '/nodes?limit=16&page=1&sort=name'],
      ['https://api.comfy.org/nodes/search?search=face', '/nodes/search?search=face'],
      [
        'https://api.comfy.org/nodes/a-pack/versions/1.0.0/comfy-nodes?limit=8192',
        '/nodes/a-pack/versions/1.0.0/comfy-nodes?limit=8192',
      ],
      ['https://api.comfy.org/nodes/a-pack/reviews?star=5', '/nodes/a-pack/reviews?star=5'],
      ['https://api.comfy.org/publishers/acme/nodes?include_banned=true', '/publishers/acme/nodes?include_banned=true'],
      ['https://api.comfy.org/comfy-nodes/FaceDetailer/node', '/comfy-nodes/FaceDetailer/node'],
      ['https://api.comfy.org/bulk/nodes/versions', '/bulk/nodes/versions'],
      ['https://api.comfy.org:443/nodes', '/nodes'],
    ];
    for (const [from, to] of moved) expect(redirectedUrl(from, here), from).toBe(`${here}${to}`);
    // A registry under a path keeps it.
    expect(redirectedUrl('https://api.comfy.org/nodes/x', 'https://host.example/registry')).toBe(
      'https://host.example/registry/nodes/x',
    );
    for (const untouched of [
      'https://api.comfy.org/releases?project=comfyui',
      'https://api.comfy.org/customers/me',
      'https://api.comfy.org/proxy/openai/v1/chat',
      'https://api.comfy.org/nodesfoo',
      'https://api.comfy.org/bulk/nodes',
      'https://api.comfy.org/nodes/../customers/me',
      'https://stagingapi.comfy.org/nodes',
      'http://api.comfy.org/nodes',
      'https://evil.example/nodes',
      '/nodes',
      'not a url',
    ]) {
      expect(redirectedUrl(untouched, here), untouched).toBeNull();
    }
  });
});
