import type { Config } from '../config/index.js';

/** Where a command writes: results to `out` (stdout), everything else to `err` (stderr). */
export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
}

/** What a command runs with. */
export interface CommandEnv {
  config: Config;
  io: CommandIO;
  /** `--allow-live`: write the SQLite database even while a registry serves from it. */
  allowLive?: boolean;
}

/** One `registry <name>` command. */
export interface CliCommand {
  name: string;
  /** One line for `registry help`. */
  summary: string;
  usage: string;
  /** Returns the process exit code. */
  run(args: string[], env: CommandEnv): Promise<number>;
}

/** Thrown for wrong arguments; the CLI prints the message and the command's usage, exit 2. */
export class UsageError extends Error {}
