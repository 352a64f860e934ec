import path from 'node:path';
import { RestoreRefused } from '../../modules/backup/restore.js';
import { restoreFromPath } from '../../modules/backup/single-file.js';
import { type CliCommand, UsageError } from '../command.js';
import { pgDumpRecipe } from './backup.js';

/** `registry restore <backup folder>`: brings a `registry backup` back into an empty DATA_DIR. */
export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'Restore a backup into an empty data directory (DATA_DIR) and the configured archive store.',
  usage: 'registry restore <backup folder or .tar file>',
  async run(args, { config, io }) {
    if (args.length !== 1 || args[0]?.startsWith('-'))
      throw new UsageError('Give the backup folder or file, and only it.');
    const folder = path.resolve(args[0] ?? '');
    try {
      const manifest = await restoreFromPath(config, folder);
      io.err(
        `Restored ${manifest.dialect === 'sqlite' ? 'the database and ' : ''}${manifest.blobs.length} archives from the backup of ${manifest.createdAt} into ${config.database.DATA_DIR}.\n`,
      );
      if (manifest.dialect === 'postgres') io.err(pgDumpRecipe(folder));
      return 0;
    } catch (error) {
      if (!(error instanceof RestoreRefused)) throw error;
      io.err(`Cannot restore: ${error.message}\n`);
      return 1;
    }
  },
};
