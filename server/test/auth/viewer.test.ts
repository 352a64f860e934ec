import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAdmin, requireViewer, requireWriter } from '../../src/modules/auth/viewer.js';
import { buildTestApp } from '../helpers/app.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A request as the viewer helpers see it: headers and the server's context. */
function requestWith(t: TestApp, token: string): FastifyRequest {
  return { headers: { authorization: `Bearer ${token}` }, server: t.app, url: '/x' } as unknown as FastifyRequest;
}

describe('viewer', () => {
  it('lets a banned account read but refuses its writes at once, token or not', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const { token } = await t.ctx.identity.sign({ uid: user.id, email: user.email, name: user.name, picture: null });
    await expect(requireWriter(requestWith(t, token))).resolves.toMatchObject({ id: user.id, isBanned: false });
    await t.ctx.db.updateTable('users').set({ status: 'BANNED' }).where('id', '=', user.id).execute();
    await expect(requireViewer(requestWith(t, token))).resolves.toMatchObject({ isBanned: true });
    await expect(requireWriter(requestWith(t, token))).rejects.toMatchObject({ statusCode: 403 });
  });

  it('recognises admins from the account row, not from the token', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const { token } = await t.ctx.identity.sign({ uid: user.id, email: user.email, name: user.name, picture: null });
    await expect(requireAdmin(requestWith(t, token))).rejects.toMatchObject({ statusCode: 403 });
    await t.ctx.db.updateTable('users').set({ is_admin: true }).where('id', '=', user.id).execute();
    await expect(requireAdmin(requestWith(t, token))).resolves.toMatchObject({ isAdmin: true });
  });
});
