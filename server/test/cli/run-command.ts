import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from '../../src/cli/command.js';
import { commands } from '../../src/cli/commands/index.js';
import { type DatabaseHandle, openDatabase, sqlitePathFor } from '../../src/db/database.js';
import { afterThisTest } from '../helpers/cleanup.js';
import { testConfig } from '../helpers/config.js';
import { createPostgresTestDatabase, testPostgresUrl } from '../helpers/database.js';

/** What a command printed and returned. */
export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

/** A fresh place for `registry` commands to work in: a data folder, and its own empty database on PostgreSQL. */
export interface CliWorkspace {
  env: Record<string, string>;
  dataDir: string;
  /** Runs `registry <name> ...args` in this process, capturing its output. */
  run(name: string, args: string[]): Promise<CommandResult>;
  /** Opens the database the commands write to (closed after the test). */
  open(): DatabaseHandle;
}

/** A workspace removed again after the test. */
export async function cliWorkspace(): Promise<CliWorkspace> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-cli-'));
  afterThisTest(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let databaseUrl: string | undefined;
  if (testPostgresUrl) {
    const database = await createPostgresTestDatabase();
    afterThisTest(() => database.drop());
    databaseUrl = database.url;
    env.DATABASE_URL = databaseUrl;
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
      const handle = openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { sqlitePath: sqlitePathFor(dataDir) });
      afterThisTest(() => handle.destroy());
      return handle;
    },
  };
}
