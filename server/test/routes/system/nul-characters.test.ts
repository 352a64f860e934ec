import { describe, expect, it } from 'vitest';
import { containsNul, nulInUrl } from '../../../src/lib/nul-guard.js';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

/**
 * PostgreSQL cannot hold or compare text with NUL characters, so the whole API refuses them in
 * the path, the query and JSON bodies with one clear 400 before any handler runs.
 */
describe('NUL characters anywhere in the API', () => {
  it.each([
    ['GET', '/nodes/a%00b', undefined, 'params'],
    ['GET', '/nodes/hello/install?version=1.0.0%00', undefined, 'query'],
    ['GET', '/nodes?node_id=a%00b', undefined, 'query'],
    ['GET', '/nodes/search?search=%00', undefined, 'query'],
    ['GET', '/versions?nodeId=hello%00', undefined, 'query'],
    ['GET', '/comfy-nodes/a%00b/node', undefined, 'params'],
    ['GET', '/files/acme/a%00b', undefined, 'params'],
    ['POST', '/bulk/nodes/versions', { node_versions: [{ node_id: 'hello\u0000', version: '1.0.0' }] }, 'body'],
    ['POST', '/bulk/nodes/versions', { node_versions: [{ node_id: 'hello', version: '1.0.0' }], 'x\u0000': 1 }, 'body'],
  ] as const)('%s %s answers 400', async (method, url, body, where) => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const res = await t.anon.inject({ method, url, ...(body ? { payload: body } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Text must not contain NUL characters', error: `found in ${where}` });
    // Nothing was counted or changed on the way.
    const pack = await t.ctx.db.selectFrom('nodes').select('downloads').where('id', '=', 'hello').executeTakeFirst();
    expect(pack?.downloads).toBe(0);
  });

  it('lets ordinary requests through, including an encoded percent sign followed by zeros', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    expect((await t.anon.get('/nodes/hello')).statusCode).toBe(200);
    expect((await t.anon.get('/nodes/search?search=100%2500')).statusCode).toBe(200);
  });

  it('finds NUL in the path, the query, nested values and keys, but not in binary bodies', () => {
    expect(nulInUrl('/nodes/a%00b?x=1')).toBe('params');
    expect(nulInUrl('/nodes/ab?x=%00')).toBe('query');
    expect(nulInUrl('/nodes/a\u0000b')).toBe('params');
    expect(nulInUrl('/nodes/a%2500')).toBeUndefined();
    expect(containsNul({ a: [{ b: ['ok', 'n\u0000'] }] }, 0)).toBe(true);
    expect(containsNul({ 'k\u0000': 'v' }, 0)).toBe(true);
    expect(containsNul({ a: 1, b: null, c: true }, 0)).toBe(false);
    expect(containsNul(Buffer.from([0, 0, 0]), 0)).toBe(false);
  });
});
