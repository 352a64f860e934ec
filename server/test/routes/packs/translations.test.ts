import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

describe('POST /nodes/{nodeId}/translations', () => {
  it('lets the pack’s owner set translations per locale, read back with include_translations', async () => {
    const t = await buildTestApp();
    const owner = await t.factories.user();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
    await seedPack(t, { id: 'hello', publisher });
    const client = await t.as(owner);

    const first = await client.post('/nodes/hello/translations', {
      data: { zh: { name: '你好', description: '问候' }, fr: { name: 'Bonjour' } },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(expect.objectContaining({ id: 'hello', translations: expect.any(Object) }));
    const second = await client.post('/nodes/HELLO/translations', { data: { fr: { name: 'Salut' } } });
    expect(second.statusCode).toBe(201);

    const read = await t.anon.get('/nodes/hello?include_translations=true');
    expect(read.json()).toEqual(
      expect.objectContaining({ translations: { zh: { name: '你好', description: '问候' }, fr: { name: 'Salut' } } }),
    );
  });

  it('refuses anonymous callers, other accounts, bad bodies and unknown packs, changing nothing', async () => {
    const t = await buildTestApp();
    const owner = await t.factories.user();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
    await seedPack(t, { id: 'hello', publisher });
    const body = { data: { zh: { name: '你好' } } };

    expect((await t.anon.post('/nodes/hello/translations', body)).statusCode).toBe(401);
    const stranger = await t.as(await t.factories.user());
    const refused = await stranger.post('/nodes/hello/translations', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Permission denied',
      error: '',
      code: 'access.denied',
      params: { publisherId: 'acme' },
    });
    const client = await t.as(owner);
    expect((await client.post('/nodes/hello/translations', { data: { 'not a locale!': {} } })).statusCode).toBe(400);
    expect((await client.post('/nodes/hello/translations', { data: 'x' })).statusCode).toBe(400);
    expect((await client.post('/nodes/missing/translations', body)).statusCode).toBe(404);
    const read = await t.anon.get('/nodes/hello?include_translations=true');
    expect((read.json() as { translations: unknown }).translations).toEqual({});

    const admin = await t.as(await t.factories.admin());
    expect((await admin.post('/nodes/hello/translations', body)).statusCode).toBe(201);
  });
});
