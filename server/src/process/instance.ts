import cluster from 'node:cluster';
import { buildApp } from '../app.js';
import type { Config } from '../config/index.js';
import { createContext } from '../context.js';
import { openDatabase, sqlitePathFor } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { registryJobHandlers } from '../job-handlers.js';
import { stopGracefully } from '../lib/graceful-stop.js';
import { loggerOptions } from '../lib/request-log.js';
import { buildMetricsApp } from '../modules/metrics/listener.js';
import { catalogueIsEmpty, emptyCatalogueMessage } from '../modules/mirror/first-start.js';
import { startUpstreamSchedule } from '../modules/mirror/sync-job.js';
import { startLeftoverSweeper } from '../modules/publishing/leftovers.js';
import { uploadsSettled } from '../modules/publishing/uploads-in-flight.js';
import { buildWebApp } from '../modules/web-listener/app.js';
import { startJobWorker } from './start-job-worker.js';

export interface InstanceOptions {
  /** Migrate before serving; off in cluster workers, whose primary migrated before forking them. */
  migrate: boolean;
  /** Called once both listeners accept connections. */
  onListening?: () => void;
  /**
   * Whether this process serves METRICS_PORT itself. Cluster workers do not: their primary
   * answers that port with every worker's series.
   */
  metricsListener: boolean;
}

/**
 * One serving process: the API and web listeners, the job worker and the leftover sweeper, all
 * on one database handle. SIGTERM or SIGINT stops it gracefully and exits the process.
 */
export async function runInstance(config: Config, options: InstanceOptions): Promise<void> {
  // Until the listeners' logger exists, a lost connection is reported on standard error.
  let connectionLost = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const database = openDatabase({
    databaseUrl: config.database.DATABASE_URL,
    sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    poolSize: config.database.DATABASE_POOL_SIZE,
    onConnectionError: (error) => connectionLost(error),
  });
  if (options.migrate) await migrateToLatest(database.db);
  const ctx = createContext(config, database);
  const logger = loggerOptions(config.server.LOG_LEVEL, config.server.LOG_FORMAT);
  const api = await buildApp(ctx, { logger });
  const web = await buildWebApp(ctx, { logger, api });
  // Requests meanwhile answer 503 with Retry-After and /ready says the database is unreachable;
  // the pool connects again once the database is back.
  connectionLost = (error) => api.log.warn({ err: error.message }, 'database connection lost; reconnecting as needed');
  await api.listen({ host: config.server.HOST, port: config.server.PORT });
  await web.listen({ host: config.server.HOST, port: config.server.WEB_PORT });
  // Metrics on an address of their own (a private interface), when asked for.
  const metricsPort = config.operations.METRICS_PORT;
  const metrics = metricsPort === undefined || !options.metricsListener ? undefined : await buildMetricsApp(ctx);
  if (metrics) await metrics.listen({ host: config.operations.METRICS_HOST, port: metricsPort });
  api.log.info(
    { api: config.server.PUBLIC_API_URL, web: config.server.PUBLIC_WEB_URL, database: database.dialect },
    'registry started',
  );
  // A first start shows nothing: say how to fill the catalogue (an upstream fills it by itself).
  // In a cluster the first worker says it, not every one.
  const announces = !cluster.isWorker || cluster.worker?.id === 1;
  if (announces && !config.upstream.UPSTREAM_URL && (await catalogueIsEmpty(ctx.db))) {
    api.log.warn(emptyCatalogueMessage());
  }
  // Every instance runs a job worker; they share the queue in the database (archive processing, ...).
  const jobsLog = api.log.child({ component: 'jobs' });
  const stopJobs = startJobWorker(ctx, registryJobHandlers(ctx, jobsLog), jobsLog);
  // Files and upload URLs left by a crash are cleaned up now and then every few minutes.
  const sweeper = startLeftoverSweeper(ctx, api.log.child({ component: 'leftovers' }));
  // With UPSTREAM_URL set, the mirror syncs at start and then on its interval (docs/mirror.md);
  // the queue keeps one sync at a time, whichever instance or worker asks.
  const upstreamSchedule = startUpstreamSchedule(ctx, api.log.child({ component: 'upstream' }));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.log.info({ signal }, 'shutting down');
    sweeper.stop();
    upstreamSchedule.stop();
    const graceMs = config.operations.SHUTDOWN_GRACE_SECONDS * 1000;
    // A last resort only: requests are cut at graceMs and jobs handed back after theirs.
    const limit = Math.max(graceMs, config.jobs.JOBS_SHUTDOWN_GRACE_SECONDS * 1000) + 10_000;
    setTimeout(() => {
      api.log.warn({ limitMs: limit }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, limit).unref();
    await stopGracefully({
      listeners: metrics ? [api, web, metrics] : [api, web],
      graceMs,
      background: [stopJobs],
      drain: [() => uploadsSettled(ctx)],
      closeDatabase: () => database.destroy(),
      log: api.log,
    });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  options.onListening?.();
}
