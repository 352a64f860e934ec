import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config/index.js';
import { openDatabase, sqlitePathFor } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { namedLogger } from '../lib/log-format.js';
import { resolveAuthSecret } from '../modules/auth/secret.js';
import { buildClusterMetricsApp } from '../modules/metrics/listener.js';
import { READY_MESSAGE } from './ready.js';

/** A worker that lived at least this long counts as healthy: its replacement starts at once. */
const HEALTHY_LIFETIME_MS = 10_000;
/** Longest wait before replacing a worker that keeps dying soon after it starts. */
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The cluster primary: migrates the database once, then forks `count` workers that each run a
 * whole instance (both listeners, job worker, search index, caches) and share the listening
 * ports through Node's cluster module. It serves nothing itself. A worker that dies is replaced;
 * SIGTERM or SIGINT stops every worker gracefully, then the primary.
 *
 * Workers keep each other current the way separate instances do: search and the catalogue cache
 * follow the `catalogue_changes` feed, and jobs are claimed from the shared queue by one UPDATE.
 */
export async function runPrimary(config: Config, count: number): Promise<void> {
  const log = namedLogger('cluster', config.server.LOG_LEVEL, config.server.LOG_FORMAT);
  const database = openDatabase({
    databaseUrl: config.database.DATABASE_URL,
    sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    poolSize: 1,
  });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.destroy();
  }
  // A generated secret is written once here, so no two workers race to create it.
  resolveAuthSecret(config.auth.AUTH_SECRET, config.database.DATA_DIR);

  /** Workers whose process has not exited yet (cluster.workers drops them at a less useful moment). */
  const alive = new Set<Worker>();
  const ready = new Set<Worker>();
  const startedAt = new Map<Worker, number>();
  let everReady = false;
  let quickDeaths = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    startedAt.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      if (message !== READY_MESSAGE) return;
      ready.add(worker);
      if (!everReady && ready.size === count) {
        everReady = true;
        log.info({ workers: count, pids: [...ready].map((w) => w.process.pid) }, 'all workers started');
      }
    });
  };

  const exitWhenAllGone = () => {
    if (alive.size === 0) process.exit(exitCode);
  };

  const shutdown = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason, workers: alive.size }, 'stopping all workers');
    // Each worker finishes its requests and jobs within its own grace period; this only guards
    // against one that hangs past it.
    const limit = (config.jobs.JOBS_SHUTDOWN_GRACE_SECONDS + 15) * 1000;
    setTimeout(() => {
      log.warn({ limitMs: limit }, 'workers took too long to stop; killing them');
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, limit).unref();
    for (const worker of alive) worker.process.kill('SIGTERM');
    exitWhenAllGone();
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    const wasReady = ready.delete(worker);
    alive.delete(worker);
    startedAt.delete(worker);
    if (stopping) {
      exitWhenAllGone();
      return;
    }
    if (!wasReady && !everReady) {
      // The first start failed (a port in use, a bad database URL): restarting would only repeat it.
      log.fatal({ workerPid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
      shutdown('startup failure', 1);
      return;
    }
    quickDeaths = lived < HEALTHY_LIFETIME_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (quickDeaths - 1));
    log.warn(
      { workerPid: worker.process.pid, code, signal, restartInMs: delay },
      'a worker exited; starting a new one',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));

  log.info({ workers: count }, 'starting workers');
  for (let i = 0; i < count; i++) fork();

  // METRICS_PORT belongs to the primary: one scrape collects every worker's series over IPC.
  const metricsPort = config.operations.METRICS_PORT;
  if (metricsPort !== undefined) {
    const metrics = await buildClusterMetricsApp(config.operations);
    await metrics.listen({ host: config.operations.METRICS_HOST, port: metricsPort });
  }
}
