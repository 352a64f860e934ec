import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { CannedResponse, CeilingServer } from './suite.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Fetches each path once from `url`, so the ceiling answers exactly the bytes the registry sent.
 * With `gzip`, bodies are kept compressed at the quickest level, as the registry compresses an
 * answer the first time it is asked for.
 */
export async function captureResponses(
  url: string,
  paths: string[],
  options: { gzip?: boolean } = {},
): Promise<CannedResponse[]> {
  const responses: CannedResponse[] = [];
  for (const p of new Set(paths)) {
    const response = await fetch(`${url}${p}`, { redirect: 'manual' });
    const body = Buffer.from(await response.arrayBuffer());
    responses.push({
      path: p,
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      ...(options.gzip ? { body: gzipSync(body, { level: 1 }), gzip: true } : { body }),
    });
  }
  return responses;
}

/**
 * Starts the ceiling server as its own process (like the registry, so both get the same share of
 * the machine), answering `responses`. `scratch` is a folder for the hand-over file.
 */
export async function startCeiling(responses: CannedResponse[], scratch: string): Promise<CeilingServer> {
  const file = path.join(scratch, `ceiling-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(responses.map((r) => ({ ...r, body: r.body.toString('base64') }))));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'ceiling-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
