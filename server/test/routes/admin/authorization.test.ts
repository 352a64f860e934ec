import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

/** Every admin endpoint with a body valid enough to reach the handler. */
const endpoints: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
  ['PUT', '/admin/nodes/hello/versions/1.0.0', { status: 'NodeVersionStatusActive' }],
  ['POST', '/admin/nodes/hello/versions/1.0.0/undo'],
  ['GET', '/admin/nodes/hello/versions/1.0.0/history'],
  ['GET', '/admin/nodes/hello/versions/1.0.0/appeal'],
  ['POST', '/admin/nodes/hello/versions/1.0.0/appeal', { body: 'Why?' }],
  ['POST', '/admin/versions/review', { items: [{ node_id: 'hello', version: '1.0.0' }], action: 'approve' }],
  ['GET', '/admin/review-queue'],
  ['POST', '/admin/nodes', { id: 'fresh', name: 'Fresh' }],
  ['PUT', '/admin/nodes/hello', { search_ranking: 2 }],
  ['GET', '/admin/nodes'],
  ['GET', '/admin/stats'],
  ['POST', '/publishers/acme/nodes/hello/ban', {}],
  ['POST', '/publishers/acme/nodes/hello/unban', {}],
  ['POST', '/publishers/acme/ban', {}],
  ['POST', '/publishers/acme/unban', {}],
  ['GET', '/admin/users'],
  ['PUT', '/admin/users/someone', { isAdmin: true }],
  ['GET', '/admin/audit'],
  ['GET', '/admin/publishers'],
  ['POST', '/admin/generate-token'],
];

describe('admin endpoints are for admins only', () => {
  it.each(endpoints)(
    '%s %s: 401 anonymous, 403 for a signed-in non-admin, nothing written',
    async (method, url, body) => {
      const t = await buildTestApp();
      const owner = await t.factories.user();
      await t.factories.publisher({ id: 'acme', owner });
      const node = await t.factories.node({ id: 'hello', publisher_id: 'acme' });
      await t.factories.version({ node_id: node.id });
      const payload = body === undefined ? {} : { payload: body };
      const anon = await t.anon.inject({ method, url, ...payload });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: 'missing auth token', error: `missing auth token for path: ${url}` });
      const user = await t.as(owner);
      const denied = await user.inject({ method, url, ...payload });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'User is not admin', error: '', code: 'access.not_admin', params: {} });
      const audit = await t.ctx.db.selectFrom('audit_log').selectAll().execute();
      expect(audit).toEqual([]);
    },
  );

  it('answers 410 to the old admin-token endpoint, for admins too', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const res = await admin.post('/admin/generate-token');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      message: 'Admin tokens are not used by this registry',
      error: 'admin actions accept the normal identity token of an account with isAdmin; no separate token is needed',
    });
  });
});
