import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../../modules/backup/create.js';
import { createBackupFile, isBackupFile } from '../../modules/backup/single-file.js';
import { type CliCommand, UsageError } from '../command.js';

/** What an operator runs around `registry backup` on PostgreSQL, printed with every such backup. */
export function pgDumpRecipe(folder: string): string {
  return [
    'The database is PostgreSQL: back it up with pg_dump, before this command (archives are never',
    'changed once stored, so archives newer than the dump are harmless):',
    `  pg_dump --format=custom --file=${path.join(folder, 'registry.pgdump')} "$DATABASE_URL"`,
    'and bring it back into an empty database, then run registry restore for the archives:',
    `  pg_restore --no-owner --dbname="$DATABASE_URL" ${path.join(folder, 'registry.pgdump')}`,
    '',
  ].join('\n');
}

/**
 * `registry backup --out <folder | file.tar>`: a consistent copy of a running registry: the SQLite
 * database (online backup) and every stored archive, local or S3. On PostgreSQL: the archives,
 * and the pg_dump recipe for the database.
 */
export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'Copy the database (SQLite) and every stored archive into a new folder, while the registry runs.',
  usage: 'registry backup --out <new or empty folder | new file ending in .tar>',
  async run(args, { config, io }) {
    let out: string | undefined;
    try {
      ({
        values: { out },
      } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true, allowPositionals: false }));
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (!out) throw new UsageError('--out is required.');
    const folder = path.resolve(out);
    const { manifest } = isBackupFile(folder)
      ? await createBackupFile(config, folder)
      : await createBackup(config, folder);
    const bytes = manifest.blobs.reduce((sum, b) => sum + b.sizeBytes, 0);
    io.err(
      `Backed up ${manifest.dialect === 'sqlite' ? 'the database and ' : ''}${manifest.blobs.length} archives (${bytes} bytes) into ${folder}.\n`,
    );
    if (manifest.dialect === 'postgres') io.err(pgDumpRecipe(folder));
    if (config.auth.AUTH_SECRET !== undefined) {
      io.err('AUTH_SECRET is set in the environment and is not part of the backup: keep it with the backup.\n');
    }
    io.out(`${folder}\n`);
    return 0;
  },
};
