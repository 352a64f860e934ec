import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach } from 'vitest';
import { UsageError } from '../../src/cli/command.js';
import { commands } from '../../src/cli/commands/index.js';
import { type DatabaseHandle, openDatabase, sqlitePathFor } from '../../src/db/database.js';
import { testConfig } from '../helpers/config.js';
import { testPostgresUrl } from '../helpers/database.js';

/** What a command printed and returned. */
export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

/** A fresh place for `registry` commands to work in: a data folder, and its own schema on PostgreSQL. */
export interface CliWorkspace {
  env: Record<string, string>;
  dataDir: string;
  /** Runs `registry <name> ...args` in this process, capturing its output. */
  run(name: string, args: string[]): Promise<CommandResult>;
  /** Opens the database the commands write to (closed after the test). */
  open(): DatabaseHandle;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A workspace removed again after the test. */
export async function cliWorkspace(): Promise<CliWorkspace> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-cli-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let schema: string | undefined;
  if (testPostgresUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    const pgSchema = schema;
    cleanups.push(() => adminQuery(`drop schema ${pgSchema} cascade`));
    // libpq `options` scopes every connection the command opens to the test's own schema.
    const separator = testPostgresUrl.includes('?') ? '&' : '?';
    env.DATABASE_URL = `${testPostgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  return {
    env,
    dataDir,
    async run(name, args) {
      const command = commands.find((c) => c.name === name);
      if (!command) throw new Error(`no command ${name}`);
      let out = '';
      let err = '';
      const io = {
        out: (t: string) => {
          out += t;
        },
        err: (t: string) => {
          err += t;
        },
      };
      try {
        const code = await command.run(args, { config: testConfig(env), io });
        return { code, out, err };
      } catch (error) {
        if (error instanceof UsageError) return { code: 2, out, err: err + error.message };
        throw error;
      }
    },
    open() {
      const handle = openDatabase(
        testPostgresUrl
          ? { databaseUrl: testPostgresUrl, ...(schema ? { pgSchema: schema } : {}), poolSize: 2 }
          : { sqlitePath: sqlitePathFor(dataDir) },
      );
      cleanups.push(() => handle.destroy());
      return handle;
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
