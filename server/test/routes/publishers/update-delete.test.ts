import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { publisherBanned, publisherWorld } from './world.js';

describe('PUT /publishers/{id}', () => {
  it('changes only the given fields and answers the whole publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.ctx.db.updateTable('publishers').set({ description: 'Old text', website: 'https://old.example' }).execute();
    const res = await w.client.owner.put('/publishers/acme', {
      name: 'ACME Nodes',
      logo: 'https://acme.example/l.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'acme',
      name: 'ACME Nodes',
      description: 'Old text',
      website: 'https://old.example',
      support: '',
      source_code_repo: '',
      logo: 'https://acme.example/l.png',
      createdAt: w.publisher.created_at,
      members: [
        expect.objectContaining({ role: 'owner', user: expect.objectContaining({ email: 'owner@example.test' }) }),
        expect.objectContaining({ role: 'owner', user: expect.objectContaining({ email: 'banned@example.test' }) }),
        expect.objectContaining({ role: 'member', user: expect.objectContaining({ email: 'member@example.test' }) }),
        expect.objectContaining({ role: 'member', user: expect.objectContaining({ email: 'member2@example.test' }) }),
      ],
      status: 'PublisherStatusActive',
    });
  });

  it("records a catalogue change for the publisher's packs when its name changes", async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    await t.factories.node({ id: 'world', publisher_id: 'acme' });
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    await w.client.owner.put('/publishers/acme', { description: 'no name change' });
    expect(announced).toEqual([]);
    await w.client.owner.put('/publishers/acme', { name: 'Renamed' });
    expect(announced.map((ids) => [...ids].sort())).toEqual([['hello', 'world']]);
    const changes = await t.ctx.db.selectFrom('catalogue_changes').select('node_id').orderBy('node_id').execute();
    expect(changes).toEqual([{ node_id: 'hello' }, { node_id: 'world' }]);
  });

  it.each([
    ['a different id', { id: 'other' }, 'Publisher ID cannot be changed', '', {}],
    ['a blank name', { name: '   ' }, 'name must not be empty', '', {}],
    [
      'a javascript: website',
      { website: 'javascript:void(0)' },
      'website must be an http or https URL',
      'got scheme "javascript:"',
      { code: 'validation.url', params: { field: 'website' } },
    ],
  ])('answers 400 for %s', async (_case, body, message, error, coded) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.put('/publishers/acme', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error, ...coded });
  });

  it('accepts the unchanged id in the body', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.put('/publishers/acme', { id: 'acme', name: 'Same' })).statusCode).toBe(200);
  });

  it('answers 400 for an oversized description and 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const big = await w.client.owner.put('/publishers/acme', { description: 'x'.repeat(5001) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({
      message: 'Invalid body: description must NOT have more than 5000 characters',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
    const missing = await w.client.admin.put('/publishers/nobody', { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Publisher not found', error: '' });
  });

  it('refuses the owner of a banned publisher but lets an admin edit it', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.ctx.db.updateTable('publishers').set({ status: 'PublisherStatusBanned' }).execute();
    const res = await w.client.owner.put('/publishers/acme', { name: 'Escape' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(publisherBanned('acme'));
    expect((await w.client.admin.put('/publishers/acme', { name: 'Moderated' })).statusCode).toBe(200);
  });
});

describe('DELETE /publishers/{id}', () => {
  it('removes the publisher with its members and tokens', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.post('/publishers/acme/tokens', { name: 'ci' })).statusCode).toBe(201);
    const res = await w.client.owner.delete('/publishers/acme');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.anon.get('/publishers/acme')).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('publisher_members').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('personal_access_tokens').selectAll().execute()).toEqual([]);
    // The id stays reserved: nobody else may pass for the deleted publisher.
    const retired = 'This publisher ID belonged to a deleted publisher and stays reserved, so nobody can pass for it.';
    const validate = await w.client.other.get('/publishers/validate?username=acme');
    expect(validate.statusCode).toBe(400);
    expect(validate.json()).toEqual({ message: retired, error: '', code: 'publisher.id_retired', params: { max: 64 } });
    const again = await w.client.other.post('/publishers', { id: 'acme', name: 'Not ACME' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: retired, code: 'publisher.id_retired' });
    expect((await t.anon.get('/publishers/acme')).statusCode).toBe(404);
  });

  it.each([
    ['an active pack', 'NodeStatusActive'],
    ['only a deleted pack', 'NodeStatusDeleted'],
  ] as const)('answers 409 while the publisher has %s', async (_case, status) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.node({ id: 'hello', publisher_id: 'acme', status });
    const res = await w.client.owner.delete('/publishers/acme');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Publisher still has node packs and cannot be deleted.',
      error: '1 pack(s), deleted ones included, belong to publisher acme',
    });
    expect((await t.anon.get('/publishers/acme')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown publisher', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.admin.delete('/publishers/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Publisher not found', error: '' });
  });
});
