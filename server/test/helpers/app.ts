import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config/index.js';
import { type AppContext, createContext } from '../../src/context.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { afterThisTest } from './cleanup.js';
import { testConfig } from './config.js';
import { createTestDatabase } from './database.js';
import { type Factories, factoriesFor } from './factories.js';
import { sharedSchemaCompilers } from './schema-compilers.js';

/** A client that sends requests through the real app, optionally as a signed-in account. */
export interface TestClient {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  config: Config;
  factories: Factories;
  /** Anonymous client. */
  anon: TestClient;
  /** A client signed in as the given account (identity token in the Authorization header). */
  as(user: { id: string; email: string; name: string }): Promise<TestClient>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database. It is closed automatically after the test;
 * `env` overrides configuration variables.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, { schemaController: sharedSchemaCompilers });
  await app.ready();
  const client = (headers: Record<string, string>): TestClient => {
    const inject = (options: InjectOptions) =>
      app.inject({ ...options, headers: { ...headers, ...(options.headers as Record<string, string>) } });
    return {
      inject,
      get: (url, h = {}) => inject({ method: 'GET', url, headers: h }),
      post: (url, body, h = {}) =>
        inject({ method: 'POST', url, headers: h, ...(body === undefined ? {} : { payload: body as object }) }),
      put: (url, body, h = {}) =>
        inject({ method: 'PUT', url, headers: h, ...(body === undefined ? {} : { payload: body as object }) }),
      delete: (url, h = {}) => inject({ method: 'DELETE', url, headers: h }),
    };
  };
  let closed = false;
  const testApp: TestApp = {
    app,
    ctx,
    database,
    config,
    factories: factoriesFor(ctx),
    anon: client({}),
    async as(user) {
      const { token } = await ctx.identity.sign({ uid: user.id, email: user.email, name: user.name, picture: null });
      return client({ authorization: `Bearer ${token}` });
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.destroy();
    },
  };
  afterThisTest(() => testApp.close());
  return testApp;
}
