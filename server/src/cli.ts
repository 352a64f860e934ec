#!/usr/bin/env node
import { type CommandIO, UsageError } from './cli/command.js';
import { commands } from './cli/commands/index.js';
import { LiveInstanceRefused } from './cli/open.js';
import { ConfigError, loadConfig } from './config/index.js';

const ALLOW_LIVE_FLAG = '--allow-live';

const io: CommandIO = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return `Usage: registry <command> [options]\n\nCommands:\n${commands
    .map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`)
    .join(
      '\n',
    )}\n  ${'help'.padEnd(width)}  Show this list.\n\nCommands that write the SQLite database refuse while a registry serves from the same DATA_DIR;\n${ALLOW_LIVE_FLAG} runs them anyway.\nSettings come from environment variables: see docs/configuration.md.\n`;
}

/** `registry <command> [options]`: operator tasks run against the configured database. */
async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(help());
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  // Understood by every command: see refuseLiveInstance.
  const allowLive = args.includes(ALLOW_LIVE_FLAG);
  try {
    return await command.run(
      args.filter((a) => a !== ALLOW_LIVE_FLAG),
      { config: loadConfig(), io, allowLive },
    );
  } catch (error) {
    if (error instanceof LiveInstanceRefused) {
      io.err(`registry ${name} refused: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    io.err(`registry ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code));
