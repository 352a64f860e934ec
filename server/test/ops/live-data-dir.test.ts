import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processWorkspace, runCli, startRegistry } from '../helpers/server-process.js';
import { acmeToken, openProcessDatabase } from './setup.js';

async function tokenCount(env: Record<string, string>): Promise<number> {
  const database = openProcessDatabase(env);
  try {
    return (await database.db.selectFrom('personal_access_tokens').select('id').execute()).length;
  } finally {
    await database.destroy();
  }
}

describe('registry commands on the SQLite data folder of a running registry', { timeout: 300_000 }, () => {
  it('refuse to write while it serves, with --allow-live run anyway, and run normally once it stopped or died', async (context) => {
    const { dataDir, env } = await processWorkspace();
    if (env.DATABASE_URL) context.skip();
    await acmeToken(env);
    const before = await tokenCount(env);

    const registry = await startRegistry({ ...env, WORKERS: '2' });
    const marker = path.join(dataDir, 'server.pid');
    // The cluster primary owns the folder, not one of its workers.
    expect(JSON.parse(readFileSync(marker, 'utf8'))).toEqual({
      pid: registry.child.pid,
      host: os.hostname(),
      startedAt: expect.any(String),
    });
    const refusal = (name: string) =>
      `registry ${name} refused: a registry is serving from DATA_DIR ${dataDir} (pid ${registry.child.pid} on ${os.hostname()}, started `;
    for (const args of [
      ['create-token', '--publisher', 'acme', '--name', 'second'],
      ['migrate'],
      ['seed-demo', '--packs', '2', '--versions-per-pack', '1', '--archives', 'none'],
    ]) {
      const refused = await runCli(args, env);
      expect(refused.code, args[0]).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.startsWith(refusal(args[0] ?? ''))).toBe(true);
      expect(refused.stderr).toContain('stop the server first, or add --allow-live to run it anyway');
    }
    expect(await tokenCount(env)).toBe(before);
    // Reading is fine: the online backup goes ahead.
    expect((await runCli(['backup', '--out', path.join(dataDir, 'backup-copy')], env)).code).toBe(0);

    const allowed = await runCli(['create-token', '--publisher', 'acme', '--name', 'second', '--allow-live'], env);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toMatch(/^\S+\n$/);
    expect(await tokenCount(env)).toBe(before + 1);

    registry.child.kill('SIGTERM');
    expect((await registry.exited).code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect((await runCli(['create-token', '--publisher', 'acme', '--name', 'third'], env)).code).toBe(0);

    // Killed outright, the server leaves its marker behind; its process is gone, so it is ignored.
    const killed = await startRegistry({ ...env, WORKERS: '1' });
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(marker)).toBe(true);
    expect((await runCli(['create-token', '--publisher', 'acme', '--name', 'fourth'], env)).code).toBe(0);
    expect(await tokenCount(env)).toBe(before + 3);
  });
});
