import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { type Config, ConfigError, loadConfig } from './config/index.js';

/**
 * Starts the registry: validates config, then either serves in this process (WORKERS=1) or
 * becomes the cluster primary that migrates once and forks the workers, or is one of those workers.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/configuration.md for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  const workers = config.cluster.WORKERS ?? availableParallelism();
  // The process that owns the instance marks its SQLite data folder for the CLI (data-dir-marker.ts).
  if (!cluster.isWorker && !config.database.DATABASE_URL) {
    const { markDataDirInUse } = await import('./process/data-dir-marker.js');
    markDataDirInUse(config.database.DATA_DIR);
  }
  // Imported on demand: the primary never loads the API and web apps, which keeps it small.
  if (cluster.isWorker) {
    const [{ runInstance }, { READY_MESSAGE }] = await Promise.all([
      import('./process/instance.js'),
      import('./process/ready.js'),
    ]);
    await runInstance(config, {
      migrate: false,
      metricsListener: false,
      onListening: () => process.send?.(READY_MESSAGE),
    });
  } else if (workers > 1) {
    const { runPrimary } = await import('./process/primary.js');
    await runPrimary(config, workers);
  } else {
    const { runInstance } = await import('./process/instance.js');
    await runInstance(config, { migrate: true, metricsListener: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `registry failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
