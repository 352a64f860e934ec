import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { publisherBanned, publisherWorld } from '../publishers/world.js';
import { newPack } from './expected.js';

describe('POST /publishers/{p}/nodes', () => {
  it('registers a pack with every field and records a catalogue change', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.member.post('/publishers/acme/nodes', {
      id: 'Hello-World',
      name: 'Hello World',
      description: 'Says hello',
      author: 'Mia',
      license: 'MIT',
      category: 'utils',
      tags: ['greeting'],
      repository: 'https://github.com/acme/hello-world',
      icon: 'https://acme.example/icon.png',
      banner_url: 'https://acme.example/banner.png',
      supported_os: ['linux'],
      supported_accelerators: ['cuda'],
      supported_comfyui_version: '>=0.3',
      supported_comfyui_frontend_version: '>=1.10',
      // Read-only keys are ignored.
      downloads: 99,
      status: 'NodeStatusBanned',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(
      newPack({
        id: 'Hello-World',
        name: 'Hello World',
        description: 'Says hello',
        author: 'Mia',
        license: 'MIT',
        category: 'utils',
        tags: ['greeting'],
        repository: 'https://github.com/acme/hello-world',
        icon: 'https://acme.example/icon.png',
        banner_url: 'https://acme.example/banner.png',
        supported_os: ['linux'],
        supported_accelerators: ['cuda'],
        supported_comfyui_version: '>=0.3',
        supported_comfyui_frontend_version: '>=1.10',
      }),
    );
    const row = await t.ctx.db
      .selectFrom('nodes')
      .select(['normalized_id', 'normalized_repository', 'publisher_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      normalized_id: 'hello-world',
      normalized_repository: 'github.com/acme/hello-world',
      publisher_id: 'acme',
    });
    expect(announced).toEqual([['Hello-World']]);
    expect(await t.ctx.db.selectFrom('catalogue_changes').select('node_id').execute()).toEqual([
      { node_id: 'Hello-World' },
    ]);
  });

  it('names the pack after its id when no name is given', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/nodes', { id: 'hello' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(newPack({}));
  });

  it.each([
    ['validnodeid1'],
    ['valid-node'],
    ['valid_node'],
    ['valid.node'],
    ['invalid..node'],
    ['1invalid'],
    ['ValidNodeID'],
    ['a'.repeat(100)],
  ])('accepts the id %s', async (id) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    expect((await w.client.owner.post('/publishers/acme/nodes', { id })).statusCode).toBe(201);
  });

  const LENGTH = 'node id must be between 1 and 100 characters';
  const EDGES = 'node id must not start or end with an underscore, hyphen, or period';
  const CHARS =
    'node id can only contain ASCII letters, digits, underscores, hyphens, and periods, and must not have invalid sequences';
  it.each([
    ['a missing id', {}, 'node id is required'],
    ['an empty id', { id: '' }, LENGTH],
    ['a 101-character id', { id: 'a'.repeat(101) }, LENGTH],
    ['_x', { id: '_x' }, EDGES],
    ['x-', { id: 'x-' }, EDGES],
    ['.x', { id: '.x' }, EDGES],
    ['x.', { id: 'x.' }, EDGES],
    ['x_', { id: 'x_' }, EDGES],
    ['invalid@node', { id: 'invalid@node' }, CHARS],
    ['$$$', { id: '$$$' }, CHARS],
    ['validnode@', { id: 'validnode@' }, CHARS],
    ['a non-ASCII letter', { id: 'nöde' }, CHARS],
    ['a 1001-character description', { id: 'hello', description: 'd'.repeat(1001) }, 'description is too long'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/nodes', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, error: expect.any(String) });
  });

  it.each([
    ['repository', 'javascript:alert(1)'],
    ['icon', 'data:image/png;base64,AAAA'],
    ['banner_url', 'not a url'],
  ])('answers 400 for a %s that is not an http(s) URL', async (field, value) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.post('/publishers/acme/nodes', { id: 'hello', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `${field} must be an http or https URL`,
      error: expect.any(String),
      code: 'validation.url',
      params: { field },
    });
  });

  it('answers 400 for more than 50 tags and for a tag that is not a string', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const many = await w.client.owner.post('/publishers/acme/nodes', { id: 'hello', tags: Array(51).fill('t') });
    expect(many.json()).toEqual({
      message: 'Invalid body: tags must NOT have more than 50 items',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
    const odd = await w.client.owner.post('/publishers/acme/nodes', { id: 'hello', tags: [{ a: 1 }] });
    expect(odd.json()).toEqual({
      message: 'Invalid body: tags.0 must be string',
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it.each([
    ['the same id', 'hello'],
    ['the id in another case', 'HELLO'],
  ])('answers 409 for %s, even under another publisher', async (_case, id) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'hello', publisher_id: 'other', status: 'NodeStatusDeleted' });
    const res = await w.client.owner.post('/publishers/acme/nodes', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The node already exists',
      error: 'duplicate node id: "hello" is already registered',
    });
  });

  it('answers 404 for an unknown publisher and 403 for a banned one', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const missing = await w.client.admin.post('/publishers/nobody/nodes', { id: 'hello' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Publisher not found', error: '' });
    await t.ctx.db.updateTable('publishers').set({ status: 'PublisherStatusBanned' }).execute();
    const banned = await w.client.owner.post('/publishers/acme/nodes', { id: 'hello' });
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual(publisherBanned('acme'));
  });
});
