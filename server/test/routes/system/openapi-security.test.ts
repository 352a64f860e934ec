import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operations(doc: OpenApi) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

const requiresBearer = (op: Operation) =>
  (op.security ?? []).length > 0 && (op.security ?? []).every((s) => 'BearerAuth' in s);

describe('/openapi security requirements', () => {
  it('declares the bearer token on every operation that answers 401 without it', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as OpenApi;
    const found: string[] = [];
    let checked = 0;
    for (const { path, method, op } of operations(doc)) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.anon.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      // Identity routes answer {code} and use the session cookie; the API answers {message}.
      const bearerRefusal = res.statusCode === 401 && /auth token/.test(String(res.json().message));
      if (bearerRefusal && !requiresBearer(op)) found.push(`${method} ${path}`);
      if (bearerRefusal) checked += 1;
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('declares it on the admin and ban endpoints', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as OpenApi;
    const admin = operations(doc).filter(({ op }) => op.tags?.includes('admin'));
    const bans = admin.filter(({ path }) => /\/(un)?ban$/.test(path)).map(({ path }) => path);
    expect(bans).toEqual(
      expect.arrayContaining([
        '/publishers/{publisherId}/nodes/{nodeId}/ban',
        '/publishers/{publisherId}/nodes/{nodeId}/unban',
        '/publishers/{publisherId}/ban',
        '/publishers/{publisherId}/unban',
      ]),
    );
    expect(admin.length).toBeGreaterThan(10);
    for (const { method, path, op } of admin) expect(op.security, `${method} ${path}`).toEqual([{ BearerAuth: [] }]);
  });
});
