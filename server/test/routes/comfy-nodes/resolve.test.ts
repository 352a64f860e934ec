import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { importManagerCatalogue } from '../../../src/modules/catalogue-import/service.js';
import { CORE_CLASSES_TTL_MS } from '../../../src/modules/comfy-nodes/core-nodes.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedComfyNode, seedPack } from '../../helpers/catalogue.js';

const resolve = (t: TestApp, names: unknown) => t.anon.post('/comfy-nodes/resolve', { names });

/** Imports a node map whose ComfyUI entry lists these classes (and no packs), as the CLI would. */
const importCore = (t: TestApp, names: string[], url = 'https://github.com/comfyanonymous/ComfyUI') =>
  importManagerCatalogue(t.ctx, { nodes: { custom_nodes: [] }, nodeMap: { [url]: [names, { title_aux: 'ComfyUI' }] } });

/** Status of each name, in order. */
async function statuses(t: TestApp, names: string[]): Promise<[string, string][]> {
  const res = await resolve(t, names);
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: { name: string; status: string }[] }).results.map((r) => [r.name, r.status]);
}

describe('POST /comfy-nodes/resolve', () => {
  it('answers core, the providing pack with install fields, or unknown, once per name in order', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    const { versions } = await seedPack(t, {
      id: 'impact',
      publisher,
      node: { name: 'Impact Pack', repository_url: 'https://github.com/acme/impact' },
      versions: [{ version: '1.0.0' }, { version: '1.2.0' }],
    });
    await seedComfyNode(t, { node_id: 'impact', node_version_id: versions[1]?.id ?? null, name: 'FaceDetailer' });
    await seedComfyNode(t, { node_id: 'impact', node_version_id: versions[0]?.id ?? null, name: 'GoneInLatest' });
    const unclaimed = await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
    await seedPack(t, {
      id: 'old-pack',
      publisher: unclaimed,
      node: { name: 'Old Pack', repository_url: 'https://github.com/someone/old-pack' },
    });
    await seedComfyNode(t, { node_id: 'old-pack', name: 'Old Node' });
    await importCore(t, ['KSampler', 'VAEDecode']);

    const res = await resolve(t, [
      'FaceDetailer',
      'KSampler',
      'Old Node',
      'Nope',
      'FaceDetailer',
      'GoneInLatest',
      'Reroute',
    ]);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          name: 'FaceDetailer',
          status: 'pack',
          pack: {
            id: 'impact',
            name: 'Impact Pack',
            publisher: { id: 'acme', name: 'ACME' },
            latest_version: '1.2.0',
            repository: 'https://github.com/acme/impact',
            install_command: 'comfy node install impact',
            install_commands: [
              { kind: 'latest', command: 'comfy node install impact' },
              { kind: 'version', command: 'comfy node install impact@1.2.0' },
            ],
          },
        },
        { name: 'KSampler', status: 'core' },
        {
          name: 'Old Node',
          status: 'pack',
          pack: {
            id: 'old-pack',
            name: 'Old Pack',
            publisher: null,
            latest_version: null,
            repository: 'https://github.com/someone/old-pack',
            install_command: 'git clone https://github.com/someone/old-pack',
            install_commands: [{ kind: 'git', command: 'git clone https://github.com/someone/old-pack' }],
          },
        },
        { name: 'Nope', status: 'unknown' },
        { name: 'GoneInLatest', status: 'unknown' },
        { name: 'Reroute', status: 'core' },
      ],
    });
  });

  it('offers no command for a pack without a version whose repository is not a web address', async () => {
    const t = await buildTestApp();
    const unclaimed = await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
    await seedPack(t, {
      id: 'odd-pack',
      publisher: unclaimed,
      node: { name: 'Odd Pack', repository_url: 'https://example.com/x; rm -rf ~' },
    });
    await seedComfyNode(t, { node_id: 'odd-pack', name: 'Odd Node' });

    const res = await resolve(t, ['Odd Node']);
    const answer = res.json() as {
      results: { pack?: { install_command: string | null; install_commands: unknown[] } }[];
    };
    expect(answer.results[0]?.pack?.install_command).toBeNull();
    expect(answer.results[0]?.pack?.install_commands).toEqual([]);
  });

  it('breaks ties like GET /comfy-nodes/{name}/node and skips banned or deleted packs', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'popular', node: { downloads: 900 } });
    await seedPack(t, { id: 'ranked', node: { search_ranking: 2, downloads: 1 } });
    await seedPack(t, { id: 'claims-it', node: { search_ranking: 9, preempted_comfy_node_names: '["Shared"]' } });
    await seedPack(t, { id: 'banned', node: { status: 'NodeStatusBanned', search_ranking: 1 } });
    for (const node_id of ['popular', 'ranked', 'claims-it', 'banned']) {
      await seedComfyNode(t, { node_id, name: 'Shared' });
      await seedComfyNode(t, { node_id, name: 'Common' });
    }
    await seedComfyNode(t, { node_id: 'banned', name: 'OnlyBanned' });

    const res = await resolve(t, ['Shared', 'Common', 'OnlyBanned']);
    const answer = res.json() as { results: { name: string; status: string; pack?: { id: string } }[] };
    expect(answer.results.map((r) => [r.name, r.status, r.pack?.id])).toEqual([
      ['Shared', 'pack', 'claims-it'],
      ['Common', 'pack', 'ranked'],
      ['OnlyBanned', 'unknown', undefined],
    ]);
    for (const name of ['Shared', 'Common']) {
      const single = await t.anon.get(`/comfy-nodes/${name}/node`);
      expect((single.json() as { id: string }).id).toBe(answer.results.find((r) => r.name === name)?.pack?.id);
    }
  });

  it('prefers the pack with more GitHub stars when ranking and downloads tie (imported packs)', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'A-fork', node: { github_stars: 3 } });
    await seedPack(t, { id: 'the-original', node: { github_stars: 900 } });
    for (const node_id of ['A-fork', 'the-original']) await seedComfyNode(t, { node_id, name: 'VideoCombine' });

    const res = await resolve(t, ['VideoCombine']);
    expect((res.json() as { results: { pack?: { id: string } }[] }).results[0]?.pack?.id).toBe('the-original');
    expect(((await t.anon.get('/comfy-nodes/VideoCombine/node')).json() as { id: string }).id).toBe('the-original');
  });

  it('resolves 2000 names in one call', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'many' });
    await seedComfyNode(t, { node_id: 'many', name: 'Class 1999' });
    const names = Array.from({ length: 2000 }, (_, i) => `Class ${i}`);
    const res = await resolve(t, names);
    expect(res.statusCode).toBe(200);
    const { results } = res.json() as { results: { name: string; status: string }[] };
    expect(results).toHaveLength(2000);
    expect(results[1999]).toEqual(expect.objectContaining({ name: 'Class 1999', status: 'pack' }));
    expect(results.filter((r) => r.status === 'unknown')).toHaveLength(1999);
  });

  it('accepts the largest valid body and answers 413 with the envelope beyond it', async () => {
    const t = await buildTestApp();
    const names = Array.from({ length: 2000 }, (_, i) => `${i}`.padEnd(200, '界'));
    const biggest = await resolve(t, names);
    expect(biggest.statusCode).toBe(200);
    expect((biggest.json() as { results: unknown[] }).results).toHaveLength(2000);

    const huge = await t.anon.post('/comfy-nodes/resolve', { names: ['x'.repeat(3 * 1024 * 1024)] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });

  it.each([
    ['no names', { names: [] }],
    ['too many names', { names: Array.from({ length: 2001 }, (_, i) => `N${i}`) }],
    ['a name too long', { names: ['x'.repeat(201)] }],
    ['an empty name', { names: [''] }],
    ['names not a list', { names: { KSampler: true } }],
    ['a name not a string', { names: ['KSampler', { type: 'VAEDecode' }] }],
    ['no names field', { classes: ['KSampler'] }],
    ['a list body', ['KSampler']],
  ])('answers 400 with the error envelope for %s', async (_label, body) => {
    const t = await buildTestApp();
    const res = await t.anon.post('/comfy-nodes/resolve', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });

  it('answers 400 for a body that is not JSON or not JSON at all, never a 500', async () => {
    const t = await buildTestApp();
    const broken = await t.anon.inject({
      method: 'POST',
      url: '/comfy-nodes/resolve',
      headers: { 'content-type': 'application/json' },
      payload: '{"names": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
    const text = await t.anon.inject({
      method: 'POST',
      url: '/comfy-nodes/resolve',
      headers: { 'content-type': 'text/plain' },
      payload: 'KSampler',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });

  it('is in the OpenAPI document with named schemas', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.paths['/comfy-nodes/resolve']?.post?.operationId).toBe('resolveComfyNodes');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ResolveComfyNodesRequest', 'ResolveComfyNodesResponse', 'ResolvedPack']),
    );
  });
});

describe('core node classes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are only the frontend-only node types before any import', async () => {
    const t = await buildTestApp();
    expect(await statuses(t, ['KSampler', 'Note', 'MarkdownNote', 'PrimitiveNode', 'Reroute'])).toEqual([
      ['KSampler', 'unknown'],
      ['Note', 'core'],
      ['MarkdownNote', 'core'],
      ['PrimitiveNode', 'core'],
      ['Reroute', 'core'],
    ]);
  });

  it("come from the imported node map's ComfyUI entry, and a re-import replaces them at once", async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'wan-extras' });
    await seedComfyNode(t, { node_id: 'wan-extras', name: 'WanVaceToVideo' });
    expect(await statuses(t, ['KSampler', 'WanVaceToVideo'])).toEqual([
      ['KSampler', 'unknown'],
      ['WanVaceToVideo', 'pack'],
    ]);

    await importCore(t, ['KSampler', 'CLIPTextEncode']);
    expect(await statuses(t, ['KSampler', 'CLIPTextEncode', 'WanVaceToVideo', 'Reroute'])).toEqual([
      ['KSampler', 'core'],
      ['CLIPTextEncode', 'core'],
      ['WanVaceToVideo', 'pack'],
      ['Reroute', 'core'],
    ]);

    // ComfyUI took the class over: core wins over the pack that also lists it.
    await importCore(t, ['KSampler', 'WanVaceToVideo'], 'https://github.com/Comfy-Org/ComfyUI');
    expect(await statuses(t, ['KSampler', 'CLIPTextEncode', 'WanVaceToVideo'])).toEqual([
      ['KSampler', 'core'],
      ['CLIPTextEncode', 'unknown'],
      ['WanVaceToVideo', 'core'],
    ]);
  });

  it('follow an import made by another process within the cache lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await buildTestApp();
    expect(await statuses(t, ['KSampler'])).toEqual([['KSampler', 'unknown']]);

    // What `registry import-manager-list` in another process leaves behind: rows, no cache reset here.
    await t.ctx.db
      .insertInto('core_comfy_nodes')
      .values({ name: 'KSampler', source: 'manager-import', updated_at: new Date().toISOString() })
      .execute();
    expect(await statuses(t, ['KSampler'])).toEqual([['KSampler', 'unknown']]);

    vi.setSystemTime(Date.now() + CORE_CLASSES_TTL_MS + 1);
    expect(await statuses(t, ['KSampler'])).toEqual([['KSampler', 'core']]);
  });
});
