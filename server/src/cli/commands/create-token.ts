import { parseArgs } from 'node:util';
import { HttpError } from '../../lib/errors.js';
import { findPublisher } from '../../modules/publishers/repository.js';
import { issueToken } from '../../modules/tokens/service.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/**
 * `registry create-token --publisher <id> --name <name> [--description <text>]`: creates a
 * publishing token and prints its secret, alone, on standard output (so `$(registry create-token
 * ...)` captures exactly the secret). It is never shown again.
 */
export const createTokenCommand: CliCommand = {
  name: 'create-token',
  summary: "Create a publisher's publishing token and print its secret once.",
  usage: 'registry create-token --publisher <publisher-id> --name <token name> [--description <text>]',
  async run(args, env) {
    const { config, io } = env;
    const flags = parseFlags(args);
    const { ctx, database } = await openForCommand(config, env);
    try {
      const publisher = await findPublisher(ctx.db, flags.publisher);
      if (!publisher) {
        io.err(`No publisher "${flags.publisher}" (create it with registry create-publisher).\n`);
        return 1;
      }
      if (publisher.status === 'PublisherStatusBanned') {
        io.err(`Warning: publisher ${publisher.id} is banned; publishing with this token will be refused.\n`);
      }
      const { token } = await issueToken(ctx, publisher.id, { name: flags.name, description: flags.description }, null);
      io.out(`${token}\n`);
      io.err(
        `Created token "${flags.name.trim()}" for publisher ${publisher.id}. Store it now: it is not shown again.\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      io.err(`Cannot create token: ${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

function parseFlags(args: string[]): { publisher: string; name: string; description?: string | undefined } {
  let values: { publisher?: string | undefined; name?: string | undefined; description?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { publisher: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.publisher) throw new UsageError('--publisher <publisher-id> is required.');
  if (!values.name) throw new UsageError('--name <token name> is required.');
  return { publisher: values.publisher, name: values.name, description: values.description };
}
