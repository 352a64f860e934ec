import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './built-server.js';
import { afterThisTest } from './cleanup.js';

/** A PostgreSQL server of one test's own, which the test may stop and start again. */
export interface OwnPostgres {
  url: string;
  /** Stops the server the way a restart or failover does: connections are terminated. */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
}

/** The newest installed PostgreSQL bin folder (Debian's layout), or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/**
 * Starts a throwaway PostgreSQL server with `initdb` and `pg_ctl` (as scripts/pg-throwaway.mjs
 * does for the suite), removed after the test. Only where PostgreSQL's binaries are installed.
 */
export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'registry-own-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root; under root it runs as the `postgres` system account.
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const spawnAs = (cmd: string, args: string[]) => {
    const [file, ...rest] = [...prefix, path.join(bin, cmd), ...args] as [string, ...string[]];
    return spawnSync(file, rest, { encoding: 'utf8' });
  };
  const run = (cmd: string, args: string[]) => {
    const result = spawnAs(cmd, args);
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
      'start',
    ]);
  // `fast`: every session gets "terminating connection due to administrator command", as in a
  // restart by an operator or a managed database's maintenance.
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  afterThisTest(() => {
    spawnAs('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start };
}
