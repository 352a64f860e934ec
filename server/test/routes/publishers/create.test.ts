import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

const RULE = 'Must start with a lowercase letter and can only contain lowercase letters, digits, and hyphens.';

describe('POST /publishers', () => {
  it('creates the publisher with the caller as its only owner', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user({ name: 'Jane Doe', email: 'jane@example.test' });
    const res = await (await t.as(user)).post('/publishers', {
      id: 'janedoe55',
      name: 'Jane Doe',
      description: 'Nodes for upscaling',
      website: 'https://jane.example',
      support: 'help@jane.example',
      source_code_repo: 'https://github.com/janedoe',
      logo: 'https://jane.example/logo.png',
      // Read-only keys clients echo back are ignored.
      members: [],
      status: 'PublisherStatusBanned',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: 'janedoe55',
      name: 'Jane Doe',
      description: 'Nodes for upscaling',
      website: 'https://jane.example',
      support: 'help@jane.example',
      source_code_repo: 'https://github.com/janedoe',
      logo: 'https://jane.example/logo.png',
      createdAt: expect.any(String),
      members: [
        {
          id: `janedoe55:${user.id}`,
          user: { id: user.id, name: 'Jane Doe', email: 'jane@example.test' },
          role: 'owner',
        },
      ],
      status: 'PublisherStatusActive',
    });
  });

  it.each([
    ['an upper-case letter', 'Acme', RULE, 'publisher.id_pattern'],
    ['a leading digit', '1acme', RULE, 'publisher.id_pattern'],
    ['an underscore', 'ac_me', RULE, 'publisher.id_pattern'],
    ['an empty id', '', 'Username parameter is required', 'publisher.id_required'],
    ['the reserved admin id', 'admin', 'Publisher IDs "admin" and "admin-..." are reserved.', 'publisher.id_reserved'],
    [
      'a reserved admin- id',
      'admin-tools',
      'Publisher IDs "admin" and "admin-..." are reserved.',
      'publisher.id_reserved',
    ],
    ['65 characters', `a${'b'.repeat(64)}`, 'Publisher ID must be at most 64 characters.', 'publisher.id_too_long'],
  ])('refuses %s with 400 and the code of the problem', async (_case, id, message, code) => {
    const t = await buildTestApp();
    const client = await t.as(await t.factories.user());
    const res = await client.post('/publishers', { id, name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error: '', code, params: { max: 64 } });
  });

  it('accepts an id of exactly 64 characters', async () => {
    const t = await buildTestApp();
    const client = await t.as(await t.factories.user());
    const id = `a${'b'.repeat(63)}`;
    expect((await client.post('/publishers', { id, name: 'X' })).statusCode).toBe(201);
  });

  it('answers 409 for an id that is taken', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    const client = await t.as(await t.factories.user());
    const res = await client.post('/publishers', { id: 'acme', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Publisher ID already exists.',
      error: '',
      code: 'publisher.id_taken',
      params: { max: 64 },
    });
  });

  it('refuses the publisher beyond MAX_PUBLISHERS_PER_USER, counting memberships of any role', async () => {
    const t = await buildTestApp({ MAX_PUBLISHERS_PER_USER: '2' });
    const user = await t.factories.user();
    const client = await t.as(user);
    expect((await client.post('/publishers', { id: 'first', name: 'First' })).statusCode).toBe(201);
    const other = await t.factories.publisher({ id: 'theirs' });
    await t.ctx.db
      .insertInto('publisher_members')
      .values({ publisher_id: other.id, user_id: user.id, role: 'member' })
      .execute();
    const res = await client.post('/publishers', { id: 'third', name: 'Third' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'User has reached the maximum number of publishers.',
      error: 'limit is 2',
      code: 'publisher.limit_reached',
      params: { max: 2 },
    });
    expect(await t.ctx.db.selectFrom('publishers').select('id').where('id', '=', 'third').execute()).toEqual([]);
  });

  it('allows five publishers by default and refuses the sixth', async () => {
    const t = await buildTestApp();
    const client = await t.as(await t.factories.user());
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      expect((await client.post('/publishers', { id, name: id })).statusCode).toBe(201);
    }
    expect((await client.post('/publishers', { id: 'p6', name: 'p6' })).statusCode).toBe(403);
  });

  // Each answer carries the kind of problem as a code and the field (and limit) as parameters,
  // so clients can say it in their reader's language (docs/api-errors.md).
  it.each([
    [
      'no name',
      { id: 'acme' },
      "Invalid body: name must have required property 'name'",
      'validation.required',
      { field: 'name' },
    ],
    [
      'an empty name',
      { id: 'acme', name: '' },
      'Invalid body: name must NOT have fewer than 1 characters',
      'validation.min_length',
      { field: 'name', limit: 1 },
    ],
    [
      'no id',
      { name: 'ACME' },
      "Invalid body: id must have required property 'id'",
      'validation.required',
      { field: 'id' },
    ],
    [
      'an object id',
      { id: { x: 1 }, name: 'ACME' },
      'Invalid body: id must be string',
      'validation.type',
      { field: 'id', type: 'string' },
    ],
    [
      'a 101-character name',
      { id: 'acme', name: 'n'.repeat(101) },
      'Invalid body: name must NOT have more than 100 characters',
      'validation.max_length',
      { field: 'name', limit: 100 },
    ],
  ])('answers 400 for %s', async (_case, body, message, code, params) => {
    const t = await buildTestApp();
    const res = await (await t.as(await t.factories.user())).post('/publishers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error: 'FST_ERR_VALIDATION', code, params });
  });

  it.each([
    ['website', 'javascript:alert(1)', 'got scheme "javascript:"'],
    ['logo', 'not a url', 'got "not a url"'],
    ['source_code_repo', 'ftp://example.test/x', 'got scheme "ftp:"'],
  ])('refuses a %s that is not an http(s) URL', async (field, value, error) => {
    const t = await buildTestApp();
    const res = await (await t.as(await t.factories.user())).post('/publishers', {
      id: 'acme',
      name: 'ACME',
      [field]: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `${field} must be an http or https URL`,
      error,
      code: 'validation.url',
      params: { field },
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const t = await buildTestApp();
    const client = await t.as(await t.factories.user());
    const res = await client.inject({
      method: 'POST',
      url: '/publishers',
      payload: '{"id": "acme",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON', error: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });
});

describe('GET /publishers/validate', () => {
  it('answers {isAvailable: true} for a free, well-formed id, without signing in', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/publishers/validate?username=janedoe55');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAvailable: true });
  });

  it.each([
    ['no username', '', 'Username parameter is required', 'publisher.id_required'],
    ['an empty username', '?username=', 'Username parameter is required', 'publisher.id_required'],
    ['a bad form', '?username=Jane_Doe', RULE, 'publisher.id_pattern'],
    [
      'a too long id',
      `?username=a${'b'.repeat(64)}`,
      'Publisher ID must be at most 64 characters.',
      'publisher.id_too_long',
    ],
    [
      'a reserved id',
      '?username=admin-x',
      'Publisher IDs "admin" and "admin-..." are reserved.',
      'publisher.id_reserved',
    ],
    ['a taken id', '?username=acme', 'Publisher ID already exists.', 'publisher.id_taken'],
  ])('answers 400 for %s, with the code of the problem', async (_case, query, message, code) => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    const res = await t.anon.get(`/publishers/validate${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error: '', code, params: { max: 64 } });
  });

  it('answers the verdict as 200 data with verdict=true, so a form logs no failed request', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    const taken = await t.anon.get('/publishers/validate?username=acme&verdict=true');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      isAvailable: false,
      message: 'Publisher ID already exists.',
      code: 'publisher.id_taken',
    });
    const bad = await t.anon.get('/publishers/validate?username=Bad_Id&verdict=true');
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ isAvailable: false, message: RULE, code: 'publisher.id_pattern' });
    const free = await t.anon.get('/publishers/validate?username=fresh&verdict=true');
    expect(free.json()).toEqual({ isAvailable: true });
    expect((await t.anon.get('/publishers/validate?username=acme&verdict=maybe')).statusCode).toBe(400);
  });
});
