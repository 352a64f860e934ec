import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from '../helpers/schema-compilers.js';

// The test apps share compiled schemas between apps (test/helpers/schema-compilers.ts); a test
// must still see exactly what Fastify's own compilers would make of each app's schemas.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(schema: FastifySchema, shared: boolean): Promise<FastifyInstance> {
  const app = Fastify(shared ? { schemaController: sharedSchemaCompilers } : {});
  apps.push(app);
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
    for (const shared of [false, true]) {
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
    for (const shared of [false, true]) {
      const app = await appWith(headerSchema, shared);
      const send = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/thing', payload: {}, headers });
      expect([shared, (await send({})).statusCode]).toEqual([shared, 400]);
      expect([shared, (await send({ 'x-api-key': 'abc' })).statusCode]).toEqual([shared, 400]);
      expect([shared, (await send({ 'X-API-KEY': 'abcd' })).statusCode]).toEqual([shared, 200]);
    }
  });
});
