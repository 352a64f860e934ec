import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { deferredSchemaCompilers } from '../../src/lib/schema-compilers.js';
import { sharedSchemaCompilers } from '../helpers/schema-compilers.js';

// The test apps share compiled schemas between apps (test/helpers/schema-compilers.ts) and the
// server compiles each route's schemas on first use (src/lib/schema-compilers.ts); either must
// do exactly what Fastify's own compilers would make of each app's schemas.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

type Compilers = 'fastify' | 'shared' | 'deferred';
const everyCompilers: Compilers[] = ['fastify', 'shared', 'deferred'];

function bareApp(compilers: Compilers): FastifyInstance {
  const controller = { fastify: undefined, shared: sharedSchemaCompilers, deferred: deferredSchemaCompilers }[
    compilers
  ];
  const app = Fastify(controller ? { schemaController: controller } : {});
  apps.push(app);
  return app;
}

async function appWith(schema: FastifySchema, compilers: Compilers): Promise<FastifyInstance> {
  const app = bareApp(compilers);
  app.post('/thing', { schema }, async (request) => ({ ...(request.body as object), secret: 'never sent' }));
  await app.ready();
  return app;
}

const countSchema: FastifySchema = {
  body: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  response: { 200: { type: 'object', properties: { count: { type: 'integer' } } } },
};
const nameSchema: FastifySchema = {
  body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } },
  response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
};
const headerSchema: FastifySchema = {
  headers: { type: 'object', required: ['X-Api-Key'], properties: { 'X-Api-Key': { type: 'string', minLength: 4 } } },
};

describe('compiled schemas shared between test apps', () => {
  it('validate and serialize each app by its own schema, even on the same method and URL', async () => {
    for (const shared of everyCompilers) {
      const counting = await appWith(countSchema, shared);
      const naming = await appWith(nameSchema, shared);
      const countingAgain = await appWith(countSchema, shared);

      for (const app of [counting, countingAgain]) {
        const ok = await app.inject({ method: 'POST', url: '/thing', payload: { count: 2, name: 'abcdef' } });
        expect([shared, ok.statusCode, ok.json()]).toEqual([shared, 200, { count: 2 }]);
        const bad = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'abc' } });
        expect([shared, bad.statusCode]).toEqual([shared, 400]);
      }
      const ok = await naming.inject({ method: 'POST', url: '/thing', payload: { name: 'abc' } });
      expect([shared, ok.statusCode, ok.json()]).toEqual([shared, 200, { name: 'abc' }]);
      const tooLong = await naming.inject({ method: 'POST', url: '/thing', payload: { name: 'abcd' } });
      expect([shared, tooLong.statusCode]).toEqual([shared, 400]);
    }
  });

  it('match header names whatever their case in the schema, as Fastify does', async () => {
    for (const shared of everyCompilers) {
      const app = await appWith(headerSchema, shared);
      const send = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/thing', payload: {}, headers });
      expect([shared, (await send({})).statusCode]).toEqual([shared, 400]);
      expect([shared, (await send({ 'x-api-key': 'abc' })).statusCode]).toEqual([shared, 400]);
      expect([shared, (await send({ 'X-API-KEY': 'abcd' })).statusCode]).toEqual([shared, 200]);
    }
  });

  it('answer a refused body with the same message', async () => {
    const messages: unknown[] = [];
    for (const compilers of everyCompilers) {
      const app = await appWith(nameSchema, compilers);
      const bad = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'abcd' } });
      expect(bad.statusCode).toBe(400);
      messages.push(bad.json());
    }
    expect(messages[1]).toEqual(messages[0]);
    expect(messages[2]).toEqual(messages[0]);
  });
});

describe('schemas compiled on first use (the server)', () => {
  it('lets the app start before a route is asked, and compile that route when it is', async () => {
    // fast-json-stringify cannot compile a reference to nothing: Fastify's own compilers refuse
    // to start; the deferred ones start and fail that route's requests only.
    const broken: FastifySchema = { response: { 200: { $ref: '#/definitions/missing' } } };
    const eager = bareApp('fastify');
    eager.get('/broken', { schema: broken }, async () => ({}));
    await expect(eager.ready()).rejects.toThrow();

    const deferred = bareApp('deferred');
    deferred.get('/broken', { schema: broken }, async () => ({}));
    deferred.get('/fine', { schema: { response: countSchema.response } }, async () => ({
      count: 3,
      secret: 'never sent',
    }));
    await deferred.ready();
    expect((await deferred.inject({ method: 'GET', url: '/fine' })).json()).toEqual({ count: 3 });
    expect((await deferred.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
  });
});
