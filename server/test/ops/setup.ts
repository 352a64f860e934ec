import { type DatabaseHandle, openDatabase, sqlitePathFor } from '../../src/db/database.js';
import { runCli } from '../helpers/server-process.js';

/** Opens the database a registry process works on, from the environment it was given. */
export function openProcessDatabase(env: Record<string, string>): DatabaseHandle {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ sqlitePath: sqlitePathFor(env.DATA_DIR ?? '') });
}

/** Publisher `acme` owned by a new admin, and a publishing token for it, made with the CLI as an operator would. */
export async function acmeToken(env: Record<string, string>): Promise<string> {
  const steps: string[][] = [
    ['migrate'],
    ['create-admin', '--email', 'owner@example.test', '--password', 'a long enough password'],
    ['create-publisher', '--id', 'acme', '--name', 'ACME', '--owner', 'owner@example.test'],
  ];
  for (const args of steps) {
    const result = await runCli(args, env);
    if (result.code !== 0) throw new Error(`registry ${args[0]} failed: ${result.stderr}`);
  }
  const token = await runCli(['create-token', '--publisher', 'acme', '--name', 'tests'], env);
  if (token.code !== 0) throw new Error(`registry create-token failed: ${token.stderr}`);
  return token.stdout.trim();
}
