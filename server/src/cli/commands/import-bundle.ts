import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BundleError } from '../../modules/bundle/export.js';
import { importBundle } from '../../modules/bundle/import.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/** `registry import-bundle`: loads a bundle made by `export-bundle`, with no upstream needed. */
export const importBundleCommand: CliCommand = {
  name: 'import-bundle',
  summary: 'Load a bundle from export-bundle: packs, versions, node classes and checked archives (safe to re-run).',
  usage: 'registry import-bundle <bundle.tar>',
  async run(args, env) {
    const { config, io } = env;
    let positionals: string[];
    try {
      ({ positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError('Name one bundle file.');
    if (!existsSync(file)) {
      io.err(`No such file: ${file}\n`);
      return 1;
    }
    const { ctx, database } = await openForCommand(config, env);
    const log = { warn: (obj: object, msg: string) => io.err(`${msg} ${JSON.stringify(obj)}\n`) };
    try {
      const r = await importBundle(ctx, createReadStream(file), log);
      io.out(
        `imported ${file}: written=${r.packsWritten} unchanged=${r.packsUnchanged} refused=${r.packsRefused} archives=${r.archivesStored}\n`,
      );
      return r.packsRefused > 0 ? 1 : 0;
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      io.err(`${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};
