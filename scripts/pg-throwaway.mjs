// Starts a disposable PostgreSQL server for the test suite, from the Debian packages
// (`postgresql`). Returns its URL and a stop function; nothing is left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL bin folder, or null. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Where the server's files go: memory (`/dev/shm`) when it has room, else the temporary folder.
 * Each test copies a database, about 300 files, and drops it again; on a disk file system whose
 * inodes were freed moments ago, finding a free one for each new file cost the kernel about
 * 300 ms of CPU per copy (perf: ext4's `find_inode_bit` and `recently_deleted`), most of the
 * PostgreSQL server's time in a test run.
 */
function dataParent() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 2 * 2 ** 30) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux): the temporary folder it is.
  }
  return os.tmpdir();
}

/**
 * Starts a server on a free loopback port; the caller must call `stop()`, which removes it.
 * `shutDown()` and `startAgain()` stop and start the same server on the same port and data, for
 * tests of what a database restart does to a running registry.
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(dataParent(), 'registry-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root; under root, run it as the `postgres` system account.
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const command = (cmd, args) => [...prefix, path.join(bin, cmd), ...args];
  const run = (cmd, args) => {
    const [file, ...rest] = command(cmd, args);
    const result = spawnSync(file, rest, { encoding: 'utf8' });
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
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // `fast`: every session gets "terminating connection due to administrator command", as in a
    // restart by an operator or a managed database's maintenance.
    shutDown: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    startAgain: start,
    stop() {
      const [file, ...rest] = command('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      spawnSync(file, rest, { encoding: 'utf8' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
