import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { publisherWorld } from './world.js';

/** PostgreSQL cannot hold NUL characters in text; every route here refuses them up front. */
describe('NUL characters in input', () => {
  it.each([
    ['POST', '/publishers', { id: 'nul', name: 'a\u0000b' }, 'body'],
    ['GET', '/publishers/a%00b', undefined, 'params'],
    ['GET', '/publishers/validate?username=a%00b', undefined, 'query'],
    ['PUT', '/publishers/acme', { description: 'a\u0000b' }, 'body'],
    ['POST', '/publishers/acme/invitations', { email: 'a\u0000@example.test', role: 'member' }, 'body'],
    ['POST', '/publishers/acme/tokens', { name: 'ci\u0000' }, 'body'],
    ['POST', '/publishers/acme/nodes', { id: 'hello', tags: ['a\u0000'] }, 'body'],
    ['PUT', '/publishers/acme/nodes/a%00b', { name: 'x' }, 'params'],
    ['GET', '/publishers/a%00b/nodes/v2', undefined, 'params'],
    ['POST', '/nodes/a%00b/reviews?star=1', undefined, 'params'],
    ['POST', '/publishers/acme/nodes/hello/claim-my-node', { GH_TOKEN: 'x\u0000' }, 'body'],
  ] as const)('%s %s answers 400', async (method, url, body, where) => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const res = await w.client.owner.inject({ method, url, ...(body ? { payload: body } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Text must not contain NUL characters', error: `found in ${where}` });
  });
});
