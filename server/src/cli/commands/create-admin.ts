import { parseArgs } from 'node:util';
import { AdminInputError, createOrPromoteAdmin } from '../../modules/auth/admins.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/**
 * `registry create-admin --email <e> [--password <p> | --password-stdin]`: creates an admin
 * account with a confirmed address, or promotes the account that has the address. The
 * password is never printed.
 */
export const createAdminCommand: CliCommand = {
  name: 'create-admin',
  summary: 'Create an admin account (address confirmed) or promote an existing one.',
  usage: 'registry create-admin --email <address> [--password <password> | --password-stdin]',
  async run(args, env) {
    const { config, io } = env;
    const flags = parseFlags(args);
    const password = flags.passwordStdin ? await readStdin() : flags.password;
    const { ctx, database } = await openForCommand(config, env);
    try {
      const result = await createOrPromoteAdmin(ctx.db, config.auth, { email: flags.email, password });
      if (result.created) {
        io.out(`Created admin ${result.email} (${result.userId})\n`);
        if (!result.passwordSet) {
          io.err('No password was set: sign in with a provider using this address, or use "Forgot password".\n');
        }
      } else {
        io.out(`Promoted ${result.email} (${result.userId}) to admin\n`);
        if (password !== undefined) io.err('The existing account keeps its password; the one given was not used.\n');
      }
      return 0;
    } catch (error) {
      if (!(error instanceof AdminInputError)) throw error;
      io.err(`${error.message}\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

function parseFlags(args: string[]): { email: string; password?: string | undefined; passwordStdin: boolean } {
  let values: { email?: string | undefined; password?: string | undefined; 'password-stdin'?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.email) throw new UsageError('--email <address> is required.');
  if (values.password !== undefined && values['password-stdin']) {
    throw new UsageError('Give either --password or --password-stdin, not both.');
  }
  return { email: values.email, password: values.password, passwordStdin: values['password-stdin'] === true };
}

/** The first line of standard input (a password piped in keeps it out of the process list). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
