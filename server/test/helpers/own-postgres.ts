import { findPostgresBin, startThrowawayPostgres } from '../../../scripts/pg-throwaway.mjs';
import { afterThisTest } from './cleanup.js';

/** A PostgreSQL server of one test's own, which the test may stop and start again. */
export interface OwnPostgres {
  url: string;
  /** Stops the server the way a restart or failover does: connections are terminated. */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
}

/** Whether PostgreSQL's binaries are installed (Debian's `postgresql`). */
export function postgresInstalled(): boolean {
  return findPostgresBin() !== null;
}

/**
 * Starts a throwaway PostgreSQL server the way the test command starts the suite's
 * (scripts/pg-throwaway.mjs), removed after the test.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const server = await startThrowawayPostgres();
  if (!server) throw new Error('PostgreSQL is not installed: install the Debian package `postgresql`');
  afterThisTest(() => server.stop());
  return { url: server.url, stop: server.shutDown, start: server.startAgain };
}
