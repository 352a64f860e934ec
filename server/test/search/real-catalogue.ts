import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type AppContext, createContext } from '../../src/context.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { importManagerCatalogue } from '../../src/modules/catalogue-import/service.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/database.js';
import { managerInputs } from '../import/manager-data.js';

/** An app over the real ComfyUI-Manager catalogue, imported with the project's importer. */
export interface RealCatalogueApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  /** Milliseconds from `app.ready()` to a searchable index of the whole catalogue. */
  startMs: number;
  close(): Promise<void>;
}

/**
 * Imports the real catalogue into a fresh database, then starts an app on it, so the index is
 * built at start-up from the database exactly as in production.
 */
export async function startOnRealCatalogue(env: Record<string, string> = {}): Promise<RealCatalogueApp> {
  const database = await createTestDatabase();
  await importManagerCatalogue({ db: database.db }, managerInputs());
  const ctx = createContext(testConfig(env), database);
  const app = await buildApp(ctx);
  const began = performance.now();
  await app.ready();
  const startMs = performance.now() - began;
  return {
    app,
    ctx,
    database,
    startMs,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
