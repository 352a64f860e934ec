import { parseArgs } from 'node:util';
import {
  type ArchiveChoice,
  DemoSeedError,
  type SeedDemoReport,
  seedDemoCatalogue,
} from '../../modules/demo-seed/service.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

const MAX_PACKS = 1_000_000;
const MAX_VERSIONS = 50;

/** `registry seed-demo`: fills the database with a deterministic synthetic catalogue. */
export const seedDemoCommand: CliCommand = {
  name: 'seed-demo',
  summary: 'Generate a deterministic demo catalogue (publishers, packs, versions, archives).',
  usage: 'registry seed-demo --packs <N> [--seed <S>] [--versions-per-pack <K>] [--archives all|latest|none]',
  async run(args, env) {
    const { config, io } = env;
    const options = parseFlags(args);
    const { ctx, database } = await openForCommand(config, env);
    try {
      const report = await seedDemoCatalogue(ctx, {
        ...options,
        onProgress: (done) => io.err(`\r${done} / ${options.packs} packs`),
      });
      io.err('\n');
      io.out(formatSeedReport(report));
      return 0;
    } catch (error) {
      if (!(error instanceof DemoSeedError)) throw error;
      io.err(`\n${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

const ARCHIVE_CHOICES: readonly ArchiveChoice[] = ['all', 'latest', 'none'];

function parseFlags(args: string[]): { packs: number; seed: number; versionsPerPack: number; archives: ArchiveChoice } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        packs: { type: 'string' },
        seed: { type: 'string' },
        'versions-per-pack': { type: 'string' },
        archives: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    packs: integerFlag('packs', values.packs, undefined, 1, MAX_PACKS),
    seed: integerFlag('seed', values.seed, 1, 0, 0xffffffff),
    versionsPerPack: integerFlag('versions-per-pack', values['versions-per-pack'], 3, 1, MAX_VERSIONS),
    archives: archiveFlag(values.archives),
  };
}

function archiveFlag(raw: string | boolean | undefined): ArchiveChoice {
  if (raw === undefined) return 'all';
  const choice = ARCHIVE_CHOICES.find((c) => c === raw);
  if (!choice) throw new UsageError(`--archives must be one of ${ARCHIVE_CHOICES.join(', ')}, not "${String(raw)}".`);
  return choice;
}

function integerFlag(
  name: string,
  raw: string | boolean | undefined,
  fallback: number | undefined,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === true || raw === false) {
    if (fallback === undefined) throw new UsageError(`--${name} is required.`);
    return fallback;
  }
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

/** The report as text: what was written and how long it took. */
export function formatSeedReport(report: SeedDemoReport): string {
  const statuses = Object.entries(report.versionsByStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status.replace('NodeVersionStatus', '')} ${n}`)
    .join(', ');
  return [
    `Seed: ${report.seed}`,
    `Publishers: ${report.publishers} (one owner account each)`,
    `Packs: ${report.packs}`,
    `Versions: ${report.versions} (${statuses}; ${report.deprecatedVersions} deprecated)`,
    `Class definitions: ${report.comfyNodes}`,
    `Archives: ${report.archives} (${(report.archiveBytes / 1024 / 1024).toFixed(1)} MiB)`,
    `Took ${(report.durationMs / 1000).toFixed(2)} s`,
    '',
  ].join('\n');
}
