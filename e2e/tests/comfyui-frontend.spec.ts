import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { publisherWithToken, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

// Every registry call of the ComfyUI front end (shared/reference/frontend-calls.md), replayed from
// a page on ComfyUI's own origin with the request shape of its axios instance: `Content-Type:
// application/json` on every call (so Chromium sends a preflight even for GETs), axios' Accept
// header, no credentials and no Authorization, arrays as repeated keys.

/** ComfyUI's default address; another free port when something already listens there. */
const COMFYUI_PORT = 8188;

/** A stand-in for ComfyUI's page: one empty HTML document on its own origin. */
async function servePage(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>ComfyUI</title></head><body></body></html>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/** What a replayed call gave the page: the status and body, or the browser's refusal. */
interface Replayed {
  ok: boolean;
  status: number;
  body: unknown;
  refused?: string;
}

let comfyui: Server;
let origin: string;
// Chosen in beforeAll, which runs again in the same worker (module loaded once) when the file's
// tests are spread over workers or retried: ids fixed at import would then be taken already.
let publisherId = '';
let packId = '';

test.beforeAll(async ({ registry }) => {
  const suffix = uniqueSuffix();
  publisherId = `fe-${suffix}`;
  packId = `fe-pack-${suffix}`;
  try {
    comfyui = await servePage(COMFYUI_PORT);
  } catch {
    comfyui = await servePage(0);
  }
  origin = `http://127.0.0.1:${(comfyui.address() as AddressInfo).port}`;
  expect(origin).not.toBe(registry.webUrl);

  const request = await playwrightRequest.newContext();
  const owner = await signUpUser(request, registry, 'frontend');
  const publisher = await publisherWithToken(registry, owner, publisherId);
  const published = await publishWithToken(request, registry, {
    publisherId,
    nodeId: packId,
    version: '1.0.0',
    accessToken: publisher.token,
    member: publisher.api,
  });
  expect(published.status).toBe('NodeVersionStatusActive');
  await request.dispose();
});

test.afterAll(async () => {
  await new Promise((resolve) => comfyui.close(resolve));
});

test('every registry call of the ComfyUI front end works from a page on ComfyUI’s origin', async ({
  page,
  registry,
}) => {
  await page.goto(`${origin}/`);
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    page.evaluate(
      async ({ base, method, path, body }): Promise<Replayed> => {
        try {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: { Accept: 'application/json, text/plain, */*', 'Content-Type': 'application/json' },
            credentials: 'same-origin',
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const text = await res.text();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          return { ok: res.ok, status: res.status, body: parsed };
        } catch (error) {
          return { ok: false, status: 0, body: null, refused: String(error) };
        }
      },
      { base: registry.apiUrl, method, path, body },
    );
  const get = async (path: string) => {
    const replayed = await call('GET', path);
    expect(replayed, path).toMatchObject({ ok: true, status: 200 });
    return replayed.body as Record<string, unknown>;
  };

  type ListedNode = {
    id: string;
    name: string;
    publisher: { id: string; name: string };
    latest_version?: { version: string; createdAt: string; status: string };
    status: string;
  };
  type NodesPage = { nodes: ListedNode[]; total: number; totalPages: number };

  // listAllPacks: browse with each sort value of its menu and the filters it can add.
  for (const sort of ['total_install;desc', 'name', 'publisher_name', 'last_updated;desc']) {
    const listed = (await get(`/nodes?limit=16&page=1&sort=${encodeURIComponent(sort)}`)) as NodesPage;
    expect(listed.nodes.length, sort).toBe(16);
    expect(listed.nodes[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String), status: 'NodeStatusActive' }),
    );
    expect(listed.nodes[0]?.publisher).toEqual({ id: expect.any(String), name: expect.any(String) });
  }
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const recent = (await get(
    `/nodes?limit=16&page=1&sort=last_updated%3Bdesc&timestamp=${encodeURIComponent(since)}`,
  )) as NodesPage;
  expect(recent.nodes.map((n) => n.id)).toContain(packId);
  await get('/nodes?limit=16&page=1&supported_os=windows&supported_accelerator=cuda');

  // getPacksByIds, and the template availability check (every requested id back, total equal).
  const byIds = (await get(`/nodes?node_id=${packId}&node_id=comfyui-impact-pack`)) as NodesPage;
  expect(byIds.nodes.map((n) => n.id).sort()).toEqual(['comfyui-impact-pack', packId].sort());
  const ours = byIds.nodes.find((n) => n.id === packId);
  expect(ours?.latest_version).toEqual(
    expect.objectContaining({ version: '1.0.0', status: 'NodeVersionStatusActive', createdAt: expect.any(String) }),
  );
  expect(ours?.publisher).toEqual({ id: publisherId, name: `E2E ${publisherId}` });
  const templates = (await get(
    `/nodes?node_id=${packId}&node_id=comfyui-impact-pack&include_banned=true&page=1&limit=2`,
  )) as NodesPage;
  expect(templates.total).toBe(templates.nodes.length);

  // Search fallback: packs by text, packs by a class they provide.
  const found = (await get(`/nodes/search?search=${encodeURIComponent('impact pack')}&limit=16&page=1`)) as NodesPage;
  expect(found.nodes.map((n) => n.id)).toContain('comfyui-impact-pack');
  const byClass = (await get('/nodes/search?comfy_node_search=FaceDetailer&limit=16&page=1')) as NodesPage;
  expect(byClass.nodes.map((n) => n.id)).toContain('comfyui-impact-pack');

  // getPackById, getPackVersions, getPackByVersion.
  const pack = (await get(`/nodes/${packId}`)) as unknown as ListedNode;
  expect(pack.latest_version?.version).toBe('1.0.0');
  const versions = (await get(`/nodes/${packId}/versions`)) as unknown as {
    version: string;
    status: string;
    createdAt: string;
  }[];
  expect(versions).toEqual([
    expect.objectContaining({ version: '1.0.0', status: 'NodeVersionStatusActive', createdAt: expect.any(String) }),
  ]);
  expect(await get(`/nodes/${packId}/versions/1.0.0`)).toEqual(
    expect.objectContaining({ version: '1.0.0', status: 'NodeVersionStatusActive' }),
  );

  // getPublisherById, listPacksForPublisher.
  expect(await get(`/publishers/${publisherId}`)).toEqual(
    expect.objectContaining({ id: publisherId, name: `E2E ${publisherId}` }),
  );
  const publisherPacks = (await get(`/publishers/${publisherId}/nodes?include_banned=true`)) as unknown as {
    id: string;
  }[];
  expect(publisherPacks.map((n) => n.id)).toEqual([packId]);

  // getNodeDefs (the nodes tab asks 256 at a time); input and output types are JSON strings it parses.
  const defs = (await get(`/nodes/${packId}/versions/1.0.0/comfy-nodes?page=1&limit=256`)) as {
    comfy_nodes: {
      comfy_node_name: string;
      category: string;
      input_types: string;
      return_types: string;
      output_is_list: boolean[];
    }[];
    totalNumberOfPages: number;
  };
  expect(defs.comfy_nodes.map((n) => n.comfy_node_name)).toEqual(['HelloNode']);
  expect(JSON.parse(defs.comfy_nodes[0]?.input_types ?? 'null')).toEqual(
    expect.objectContaining({ required: expect.anything() }),
  );
  expect(JSON.parse(defs.comfy_nodes[0]?.return_types ?? 'null')).toEqual(['STRING']);
  expect(defs.totalNumberOfPages).toBe(1);

  // inferPackFromNodeName: a pack's class names a pack that provides it (every pack the suite
  // publishes has HelloNode, so which one is not fixed); a core class names none (404, readable).
  const provider = (await get('/comfy-nodes/HelloNode/node')) as {
    id: string;
    latest_version?: { version: string };
  };
  expect(provider.latest_version?.version).toEqual(expect.any(String));
  const providerDefs = (await get(
    `/nodes/${provider.id}/versions/${provider.latest_version?.version}/comfy-nodes?page=1&limit=256`,
  )) as { comfy_nodes: { comfy_node_name: string }[] };
  expect(providerDefs.comfy_nodes.map((n) => n.comfy_node_name)).toContain('HelloNode');
  const core = await call('GET', '/comfy-nodes/KSampler/node');
  expect(core).toMatchObject({ status: 404, body: { message: 'Comfy Node not found' } });

  // getBulkNodeVersions (conflict detection).
  const bulk = await call('POST', '/bulk/nodes/versions', {
    node_versions: [
      { node_id: packId, version: '1.0.0' },
      { node_id: packId, version: '9.9.9' },
    ],
  });
  expect(bulk).toMatchObject({ ok: true, status: 200 });
  expect(bulk.body).toEqual({
    node_versions: [
      expect.objectContaining({
        identifier: { node_id: packId, version: '1.0.0' },
        status: 'success',
        node_version: expect.objectContaining({
          status: 'NodeVersionStatusActive',
          supported_os: expect.any(Array),
          supported_accelerators: expect.any(Array),
        }),
      }),
      expect.objectContaining({ identifier: { node_id: packId, version: '9.9.9' }, status: 'not_found' }),
    ],
  });

  // postPackReview sends no token: a write from a foreign origin, which the browser is not allowed to make.
  const review = await call('POST', `/nodes/${packId}/reviews?star=5`, null);
  expect(review.ok).toBe(false);
  expect(review.refused ?? `status ${review.status}`).toMatch(/Failed to fetch|status 40[13]/);
});

test('getNodeDefs with limit=8192 (the info panel’s “all nodes”) is clamped, not refused', async ({
  page,
  registry,
}) => {
  await page.goto(`${origin}/`);
  const answer = await page.evaluate(
    async ({ url }) => {
      const response = await fetch(url, {
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
      });
      return {
        status: response.status,
        body: (await response.json()) as { comfy_nodes?: { comfy_node_name: string }[] },
      };
    },
    { url: `${registry.apiUrl}/nodes/${packId}/versions/1.0.0/comfy-nodes?limit=8192` },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.comfy_nodes?.map((n) => n.comfy_node_name)).toEqual(['HelloNode']);
});
