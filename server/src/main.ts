import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { createContext } from './context.js';
import { openDatabase, sqlitePathFor } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loggerOptions } from './lib/request-log.js';
import { registryJobHandlers } from './modules/jobs/handlers.js';
import { startJobWorker } from './modules/jobs/start.js';
import { catalogueIsEmpty, emptyCatalogueMessage } from './modules/mirror/first-start.js';
import { startUpstreamSchedule } from './modules/mirror/sync-job.js';
import { startLeftoverSweeper } from './modules/publishing/leftovers.js';
import { buildWebApp } from './modules/web/app.js';

/** Starts the registry: validates config, migrates, then serves the API and the web app. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/configuration.md for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({
    databaseUrl: config.database.DATABASE_URL,
    sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    poolSize: config.database.DATABASE_POOL_SIZE,
  });
  await migrateToLatest(database.db);
  const ctx = createContext(config, database);
  const logger = loggerOptions(config.server.LOG_LEVEL);
  const api = await buildApp(ctx, { logger });
  const web = await buildWebApp(ctx, { logger });
  await api.listen({ host: config.server.HOST, port: config.server.PORT });
  await web.listen({ host: config.server.HOST, port: config.server.WEB_PORT });
  api.log.info(
    { api: config.server.PUBLIC_API_URL, web: config.server.PUBLIC_WEB_URL, database: database.dialect },
    'registry started',
  );
  // A first start shows nothing: say how to fill the catalogue (an upstream fills it by itself).
  if (!config.upstream.UPSTREAM_URL && (await catalogueIsEmpty(ctx.db))) api.log.warn(emptyCatalogueMessage());
  // Every instance runs a job worker; they share the queue in the database (archive processing, ...).
  const jobsLog = api.log.child({ component: 'jobs' });
  const stopJobs = startJobWorker(ctx, registryJobHandlers(ctx, jobsLog), jobsLog);
  // Files and upload URLs left by a crash are cleaned up now and then every few minutes.
  const sweeper = startLeftoverSweeper(ctx, api.log.child({ component: 'leftovers' }));
  // With UPSTREAM_URL set, the mirror syncs at start and then on its interval (docs/mirror.md).
  const upstreamSchedule = startUpstreamSchedule(ctx, api.log.child({ component: 'upstream' }));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.log.info({ signal }, 'shutting down');
    sweeper.stop();
    upstreamSchedule.stop();
    // Jobs past the grace period are put back in the queue; anything else still open then
    // (an upload trickling in) does not hold the process up for long either.
    const limit = (config.jobs.JOBS_SHUTDOWN_GRACE_SECONDS + 10) * 1000;
    setTimeout(() => {
      api.log.warn({ limitMs: limit }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, limit).unref();
    await Promise.allSettled([web.close(), api.close(), stopJobs()]);
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `registry failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
