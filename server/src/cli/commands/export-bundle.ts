import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BundleError, exportBundle } from '../../modules/bundle/export.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/** `registry export-bundle`: writes packs with their archives to one tar for an offline registry. */
export const exportBundleCommand: CliCommand = {
  name: 'export-bundle',
  summary: 'Write packs (local or mirrored) with metadata, archives and node classes to a tar for an offline registry.',
  usage:
    'registry export-bundle --packs <id,id,...|file with one id per line> [--versions latest|all] --out <bundle.tar>',
  async run(args, env) {
    const { config, io } = env;
    const flags = parseFlags(args);
    const { ctx, database } = await openForCommand(config, env, { liveInstance: 'allowed' });
    const log = { warn: (obj: object, msg: string) => io.err(`${msg} ${JSON.stringify(obj)}\n`) };
    try {
      const report = await exportBundle(
        ctx,
        { packs: flags.packs, versions: flags.versions, log },
        createWriteStream(flags.out),
      );
      io.out(
        `wrote ${flags.out}: packs=${report.packs} versions=${report.versions} archives=${report.archives}` +
          `${report.missingArchives.length > 0 ? ` without-archive=${report.missingArchives.join(',')}` : ''}\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      await rm(flags.out, { force: true });
      io.err(`${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

function parseFlags(args: string[]): { packs: string[]; versions: 'latest' | 'all'; out: string } {
  let values: { packs?: string; versions?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { packs: { type: 'string' }, versions: { type: 'string' }, out: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.packs) throw new UsageError('--packs is required.');
  if (!values.out) throw new UsageError('--out is required.');
  const versions = values.versions ?? 'latest';
  if (versions !== 'latest' && versions !== 'all')
    throw new UsageError(`--versions must be latest or all, not "${versions}".`);
  // A file of ids (one a line, # comments) when it exists, otherwise a comma-separated list.
  const text = existsSync(values.packs) ? readFileSync(values.packs, 'utf8') : values.packs.replaceAll(',', '\n');
  const packs = [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim())
        .filter(Boolean),
    ),
  ];
  if (packs.length === 0) throw new UsageError('--packs names no pack.');
  return { packs, versions, out: values.out };
}
