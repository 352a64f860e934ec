import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

describe('GET /admin/publishers', () => {
  it('searches id and name, filters by status, pages, and shows member e-mails and the ban reason', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const owner = await t.factories.user({ email: 'owner@example.test', name: 'Owner' });
    await t.factories.publisher({ id: 'acme', name: 'Acme Tools', owner });
    await t.factories.publisher({ id: 'beta', name: 'Beta 100%' });
    await t.factories.publisher({ id: 'gamma', name: 'ACME clone' });
    expect((await admin.post('/publishers/gamma/ban', { reason: 'copycat' })).statusCode).toBe(204);

    const found = await admin.get('/admin/publishers?q=acme');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      total: 2,
      publishers: [
        {
          id: 'acme',
          name: 'Acme Tools',
          description: expect.any(String),
          website: expect.any(String),
          support: expect.any(String),
          source_code_repo: expect.any(String),
          logo: expect.any(String),
          createdAt: expect.any(String),
          members: [
            expect.objectContaining({ role: 'owner', user: expect.objectContaining({ email: 'owner@example.test' }) }),
          ],
          status: 'PublisherStatusActive',
          status_reason: '',
        },
        expect.objectContaining({ id: 'gamma', status: 'PublisherStatusBanned', status_reason: 'copycat' }),
      ],
      page: 1,
      limit: 20,
      totalPages: 1,
    });
    const banned = await admin.get('/admin/publishers?status=PublisherStatusBanned');
    expect(banned.json().publishers.map((p: { id: string }) => p.id)).toEqual(['gamma']);
    // `%` is text, not a wildcard.
    const literal = await admin.get(`/admin/publishers?q=${encodeURIComponent('100%')}`);
    expect(literal.json().publishers.map((p: { id: string }) => p.id)).toEqual(['beta']);
    const second = await admin.get('/admin/publishers?limit=2&page=2');
    expect(second.json()).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2, publishers: [{ id: 'gamma' }] });
  });

  it('answers bad input with a clear 400 and refuses non-admins', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const status = await admin.get('/admin/publishers?status=Banned');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({
      message: 'Invalid status: Banned',
      error: 'valid statuses: PublisherStatusActive, PublisherStatusBanned',
    });
    expect((await admin.get('/admin/publishers?limit=0')).json()).toMatchObject({ page: 1, limit: 20 });
    expect((await admin.get('/admin/publishers?limit=5000&page=-2')).json()).toMatchObject({ page: 1, limit: 100 });
    expect((await admin.get('/admin/publishers?limit=NaN')).statusCode).toBe(400);
    expect((await admin.get('/admin/publishers?page=zero')).statusCode).toBe(400);
    const user = await t.as(await t.factories.user());
    expect((await user.get('/admin/publishers')).statusCode).toBe(403);
    expect((await t.anon.get('/admin/publishers')).statusCode).toBe(401);
  });
});
