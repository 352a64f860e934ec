import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

/** ComfyUI's default address: the front end calls the registry from here. */
const COMFYUI = 'http://127.0.0.1:8188';
/** The web app's origin in the test configuration. */
const WEB = 'http://web.test';

const allowOrigin = (res: LightMyRequestResponse) => res.headers['access-control-allow-origin'];

function preflight(t: TestApp, url: string, origin: string, method: string, headers = 'content-type') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

/** Every response seen in a test, to check that none ever allows the origin `null`. */
function neverNull(responses: LightMyRequestResponse[]): void {
  for (const res of responses) expect(allowOrigin(res)).not.toBe('null');
}

describe('CORS on public reads', () => {
  it('lets a page on any origin read anonymously, without credentials, as the ComfyUI front end does', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const seen: LightMyRequestResponse[] = [];

    // The front end's axios sends Content-Type: application/json even on GETs, so Chromium asks first.
    const asked = await preflight(t, '/nodes?limit=16&page=1', COMFYUI, 'GET');
    seen.push(asked);
    expect(asked.statusCode).toBe(204);
    expect(allowOrigin(asked)).toBe('*');
    expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(asked.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(asked.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(String(asked.headers['access-control-allow-headers']).toLowerCase()).not.toContain('authorization');

    const read = await t.anon.get('/nodes?limit=16&page=1', { origin: COMFYUI, 'content-type': 'application/json' });
    seen.push(read);
    expect(read.statusCode).toBe(200);
    expect(allowOrigin(read)).toBe('*');
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(read.headers.vary).toLowerCase()).toContain('origin');
    expect((read.json() as { nodes: { id: string }[] }).nodes.map((n) => n.id)).toEqual(['hello']);

    // Any other host a user serves ComfyUI on, and the opaque origin of a sandboxed page or file.
    for (const origin of ['https://comfy.example.org:8443', 'null']) {
      const res = await t.anon.get('/nodes/hello', { origin });
      seen.push(res);
      expect(res.statusCode).toBe(200);
      expect(allowOrigin(res)).toBe('*');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/nodes/hello', headers: { origin: COMFYUI } });
    seen.push(head);
    expect(allowOrigin(head)).toBe('*');
    neverNull(seen);
  });

  it('lets any origin use the POST routes that only read', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const seen: LightMyRequestResponse[] = [];
    for (const url of ['/bulk/nodes/versions', '/comfy-nodes/resolve']) {
      const asked = await preflight(t, url, COMFYUI, 'POST');
      seen.push(asked);
      expect(asked.statusCode).toBe(204);
      expect(allowOrigin(asked)).toBe('*');
    }
    const bulk = await t.anon.post(
      '/bulk/nodes/versions',
      { node_versions: [{ node_id: 'hello', version: '1.0.0' }] },
      { origin: COMFYUI },
    );
    seen.push(bulk);
    expect(bulk.statusCode).toBe(200);
    expect(allowOrigin(bulk)).toBe('*');
    expect(bulk.json()).toEqual({ node_versions: [expect.objectContaining({ status: 'success' })] });
    neverNull(seen);
  });
});

describe('CORS on the front end’s review post', () => {
  it('answers the anonymous review post from any origin with CORS headers: the preflight 204, the post 401', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const seen: LightMyRequestResponse[] = [];
    // postPackReview: axios' Content-Type: application/json makes Chromium ask first.
    const asked = await preflight(t, '/nodes/hello/reviews?star=5', COMFYUI, 'POST');
    seen.push(asked);
    expect(asked.statusCode).toBe(204);
    expect(allowOrigin(asked)).toBe('*');
    expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(asked.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(asked.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');

    for (const origin of [COMFYUI, 'null']) {
      const posted = await t.anon.post('/nodes/hello/reviews?star=5', null, {
        origin,
        'content-type': 'application/json',
      });
      seen.push(posted);
      expect(posted.statusCode).toBe(401);
      expect(allowOrigin(posted)).toBe('*');
      expect(posted.json()).toEqual({ message: expect.any(String), error: expect.any(String) });
    }
    // A preflight announcing a token gets nothing: a token from a foreign page is never let through.
    const withToken = await preflight(t, '/nodes/hello/reviews?star=5', COMFYUI, 'POST', 'authorization,content-type');
    seen.push(withToken);
    expect(allowOrigin(withToken)).toBeUndefined();
    // Other writes under the pack stay refused.
    const other = await preflight(t, '/nodes/hello/reviews', COMFYUI, 'DELETE');
    seen.push(other);
    expect(allowOrigin(other)).toBeUndefined();
    const summary = await t.anon.get('/nodes/hello/reviews');
    expect(summary.json()).toMatchObject({ count: 0 });
    neverNull(seen);
  });
});

describe('CORS on credentials and writes', () => {
  it('gives foreign origins nothing for requests with a token or a cookie', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const seen: LightMyRequestResponse[] = [];

    const askedToken = await preflight(t, '/users', COMFYUI, 'GET', 'authorization,content-type');
    seen.push(askedToken);
    expect(allowOrigin(askedToken)).toBeUndefined();
    expect(askedToken.headers['access-control-allow-credentials']).toBeUndefined();

    const withToken = await (await t.as(user)).get('/users', { origin: COMFYUI });
    seen.push(withToken);
    expect(allowOrigin(withToken)).toBeUndefined();

    const withCookie = await t.anon.get('/auth/token', { origin: COMFYUI, cookie: 'registry.session_token=x' });
    seen.push(withCookie);
    expect(allowOrigin(withCookie)).toBeUndefined();
    neverNull(seen);
  });

  it('refuses writes from foreign origins before they run, and gives them no CORS headers', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const seen: LightMyRequestResponse[] = [];

    for (const method of ['POST', 'PUT', 'DELETE']) {
      const asked = await preflight(t, '/publishers', COMFYUI, method);
      seen.push(asked);
      expect(allowOrigin(asked)).toBeUndefined();
    }
    // A write a browser sends without asking first still must not happen.
    const forged = await (await t.as(user)).post('/publishers', { id: 'sneaky', name: 'Sneaky' }, { origin: COMFYUI });
    seen.push(forged);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'This origin may not make changes', error: expect.any(String) });
    expect(allowOrigin(forged)).toBeUndefined();
    // A review with the user's cookie is a foreign write like any other.
    const cookieReview = await t.anon.post('/nodes/hello/reviews?star=5', undefined, {
      origin: 'null',
      cookie: 'registry.session_token=x',
    });
    seen.push(cookieReview);
    expect(cookieReview.statusCode).toBe(403);
    expect(allowOrigin(cookieReview)).toBeUndefined();
    expect(await t.ctx.db.selectFrom('publishers').select('id').where('id', '=', 'sneaky').execute()).toEqual([]);
    neverNull(seen);
  });

  it('keeps credentials and every method for the web app, and leaves clients without Origin alone', async () => {
    const t = await buildTestApp({ CORS_ORIGINS: 'http://admin.test/' });
    const user = await t.factories.user();

    const asked = await preflight(t, '/publishers', WEB, 'POST', 'authorization,content-type');
    expect(asked.statusCode).toBe(204);
    expect(allowOrigin(asked)).toBe(WEB);
    expect(asked.headers['access-control-allow-credentials']).toBe('true');

    const created = await (await t.as(user)).post('/publishers', { id: 'fine', name: 'Fine' }, { origin: WEB });
    expect(created.statusCode).toBe(201);
    expect(allowOrigin(created)).toBe(WEB);
    expect(created.headers['access-control-allow-credentials']).toBe('true');

    const extra = await t.anon.get('/nodes', { origin: 'http://admin.test' });
    expect(allowOrigin(extra)).toBe('http://admin.test');
    expect(extra.headers['access-control-allow-credentials']).toBe('true');

    // comfy-cli and ComfyUI-Manager send no Origin.
    const cli = await (await t.as(user)).post('/publishers', { id: 'from-cli', name: 'CLI' });
    expect(cli.statusCode).toBe(201);
    expect(allowOrigin(cli)).toBeUndefined();
  });
});
