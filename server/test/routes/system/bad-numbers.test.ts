import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string };
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/** Values that are not plain whole numbers: each must be a 4xx on every numeric parameter, never a 500. */
const BAD_VALUES = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '1e3',
  '1.5',
  '0.0001',
  '0x10',
  'abc',
  '',
  ' 5',
  '99999999999999999999',
  '%00',
];

/**
 * Every numeric query or path parameter of every GET and POST route, found in the API's own
 * OpenAPI document, so a parameter added later is covered without touching this test.
 */
async function numericParameters() {
  const t = await buildTestApp();
  const doc = (await t.anon.get('/openapi')).json() as OpenApi;
  const found: { method: string; path: string; parameter: string; where: string }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const p of operation.parameters ?? []) {
        if (p.schema?.type === 'integer' || p.schema?.type === 'number') {
          found.push({ method: method.toUpperCase(), path, parameter: p.name, where: p.in });
        }
      }
    }
  }
  return found;
}

const parameters = await numericParameters();

describe('numeric parameters', () => {
  it('are found in the OpenAPI document (every paged list, downloads days, review stars)', () => {
    const names = parameters.map((p) => `${p.method} ${p.path} ${p.parameter}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /nodes page',
        'GET /nodes limit',
        'GET /nodes/search page',
        'GET /nodes/search limit',
        'GET /versions page',
        'GET /versions pageSize',
        'GET /comfy-nodes page',
        'GET /comfy-nodes pageSize',
        'GET /nodes/{nodeId}/versions/{version}/comfy-nodes limit',
        'GET /publishers/{publisherId}/nodes/v2 limit',
        'GET /nodes/{nodeId}/downloads days',
        'GET /admin/users limit',
        'GET /admin/review-queue pageSize',
        'GET /admin/audit limit',
        'GET /admin/nodes limit',
        'GET /admin/publishers limit',
        'POST /nodes/{nodeId}/reviews star',
      ]),
    );
  });

  it('answer 400 {message, error} for every bad value on every endpoint, anonymous and as an admin, never a 500', async () => {
    const t = await buildTestApp();
    await seedPack(t, {
      id: 'pack',
      publisher: await t.factories.publisher({ id: 'acme' }),
      versions: [{ version: '1.0.0' }],
    });
    const admin = await t.as(await t.factories.admin());
    const fill: Record<string, string> = { nodeId: 'pack', version: '1.0.0', publisherId: 'acme' };
    const failures: string[] = [];
    for (const { method, path, parameter, where } of parameters) {
      for (const bad of BAD_VALUES) {
        let url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          name === parameter && where === 'path' ? encodeURIComponent(bad) : (fill[name] ?? 'x'),
        );
        if (where === 'query') url += `?${parameter}=${bad === '%00' ? bad : encodeURIComponent(bad)}`;
        for (const [who, client] of [
          ['anonymous', t.anon],
          ['admin', admin],
        ] as const) {
          const res = await client.inject({ method: method as 'GET' | 'POST', url });
          const body = res.json() as { message?: unknown; error?: unknown };
          const ok =
            res.statusCode >= 400 &&
            res.statusCode < 500 &&
            typeof body.message === 'string' &&
            typeof body.error === 'string' &&
            // The admin passes every permission check, so only the parameter can be refused.
            (who === 'anonymous' || res.statusCode === 400);
          if (!ok) failures.push(`${who} ${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are served as the public registry does when whole: page and limit 0 or below mean the defaults', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'pack', versions: [{ version: '1.0.0' }] });
    expect((await t.anon.get('/nodes?page=0&limit=0')).json()).toMatchObject({ page: 1, limit: 10 });
    expect((await t.anon.get('/nodes?page=-4&limit=-1')).json()).toMatchObject({ page: 1, limit: 10 });
    expect((await t.anon.get('/nodes?page=2&limit=5000')).json()).toMatchObject({ page: 2, limit: 1000 });
  });
});
