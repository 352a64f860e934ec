import { backfillReadmes } from '../../modules/pipeline/readme-backfill.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/**
 * `registry readme-backfill`: stores the README of versions published before READMEs were read
 * from archives. Safe to run again; prints the counts as one JSON line.
 */
export const readmeBackfillCommand: CliCommand = {
  name: 'readme-backfill',
  summary: 'Read the README of every stored archive that has none recorded yet (safe to repeat).',
  usage: 'registry readme-backfill',
  async run(args, env) {
    const { config, io } = env;
    if (args.length > 0) throw new UsageError(`readme-backfill takes no arguments (got ${args.join(' ')}).`);
    const { ctx, database } = await openForCommand(config, env);
    try {
      const counts = await backfillReadmes(ctx, ({ nodeId, version, outcome }) => {
        if (outcome !== 'none')
          io.err(`${nodeId}@${version}: ${outcome === 'found' ? 'README stored' : 'archive unreadable, skipped'}\n`);
      });
      io.out(`${JSON.stringify(counts)}\n`);
      return 0;
    } finally {
      await database.destroy();
    }
  },
};
