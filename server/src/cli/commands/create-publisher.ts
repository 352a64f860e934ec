import { parseArgs } from 'node:util';
import { HttpError } from '../../lib/errors.js';
import { findUserByEmail } from '../../modules/auth/users-repository.js';
import { createPublisherWithOwner } from '../../modules/publishers/service.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/**
 * `registry create-publisher --id <id> --name <name> --owner <email>`: creates a publisher owned
 * by an existing account. The same id rules as the API apply; the per-user publisher limit does
 * not, since operators act on purpose.
 */
export const createPublisherCommand: CliCommand = {
  name: 'create-publisher',
  summary: 'Create a publisher owned by an existing account.',
  usage: 'registry create-publisher --id <publisher-id> --name <display name> --owner <email>',
  async run(args, env) {
    const { config, io } = env;
    const flags = parseFlags(args);
    const { ctx, database } = await openForCommand(config, env);
    try {
      const owner = await findUserByEmail(ctx.db, flags.owner.trim());
      if (!owner) {
        io.err(`No account uses ${flags.owner}: the owner must sign up first (or use registry create-admin).\n`);
        return 1;
      }
      const publisher = await createPublisherWithOwner(ctx, owner.id, { id: flags.id, name: flags.name }, null);
      io.out(`Created publisher ${publisher.id} ("${publisher.name}") owned by ${owner.email}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      io.err(`Cannot create publisher "${flags.id}": ${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

function parseFlags(args: string[]): { id: string; name: string; owner: string } {
  let values: { id?: string | undefined; name?: string | undefined; owner?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { id: { type: 'string' }, name: { type: 'string' }, owner: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.id) throw new UsageError('--id <publisher-id> is required.');
  if (!values.name?.trim()) throw new UsageError('--name <display name> is required.');
  if (!values.owner) throw new UsageError('--owner <email> is required.');
  return { id: values.id, name: values.name, owner: values.owner };
}
