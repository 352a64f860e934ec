import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

describe('GET /admin/audit filters', () => {
  it('finds the actor by id or by e-mail in any case; an unknown e-mail matches nothing', async () => {
    const t = await buildTestApp();
    const adminUser = await t.factories.admin({ email: 'Mod@Example.test' });
    const admin = await t.as(adminUser);
    const other = await t.as(await t.factories.admin({ email: 'other@example.test' }));
    const target = await t.factories.user();
    expect((await admin.put(`/admin/users/${target.id}`, { isAdmin: true })).statusCode).toBe(200);
    expect((await other.put(`/admin/users/${target.id}`, { isAdmin: false })).statusCode).toBe(200);

    const byEmail = await admin.get('/admin/audit?actor=mod@example.TEST');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual({
      total: 1,
      entries: [
        {
          id: expect.any(String),
          actor: { id: adminUser.id, email: 'Mod@Example.test' },
          action: 'user.update',
          target_type: 'user',
          target_id: target.id,
          target_label: target.email,
          reason: '',
          before: { isAdmin: false, status: 'ACTIVE', status_reason: '' },
          after: { isAdmin: true, status: 'ACTIVE', status_reason: '' },
          created_at: expect.any(String),
        },
      ],
      page: 1,
      limit: 50,
      totalPages: 1,
    });
    const byId = await admin.get(`/admin/audit?actor=${adminUser.id}`);
    expect(byId.json().total).toBe(1);
    const nobody = await admin.get('/admin/audit?actor=nobody@example.test');
    expect(nobody.json()).toMatchObject({ total: 0, entries: [] });
    const bad = await admin.get('/admin/audit?since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  });
});
