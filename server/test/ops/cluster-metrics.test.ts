import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/server-process.js';

const fixture = fileURLToPath(new URL('./fixtures/cluster-metrics.mjs', import.meta.url));
const TOKEN = 'metrics-token-0123456789abcdef';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('metrics of a cluster', { timeout: 180_000 }, () => {
  it("the primary's listener answers one scrape with every worker's series, labelled by worker", async () => {
    await ensureBuilt();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    // Its own process group, so the workers stop with the primary.
    const child = spawn(process.execPath, [fixture], {
      env: { ...env, METRICS_TOKEN: TOKEN, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    stops.push(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      child.once('exit', (code) => reject(new Error(`cluster exited with ${code}`)));
    });

    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    const runs = lines.filter((l) => l.startsWith('registry_job_duration_seconds_count{'));
    expect(runs.sort()).toEqual([
      'registry_job_duration_seconds_count{kind="sample",outcome="done",worker="1"} 1',
      'registry_job_duration_seconds_count{kind="sample",outcome="done",worker="2"} 1',
    ]);
    const requests = lines.filter((l) => l.startsWith('registry_http_request_duration_seconds_count{'));
    expect(requests.sort()).toEqual([
      'registry_http_request_duration_seconds_count{method="GET",route="/health",status_code="200",worker="1"} 1',
      'registry_http_request_duration_seconds_count{method="GET",route="/health",status_code="200",worker="2"} 1',
    ]);
    expect(lines).toContain(
      'registry_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/health",status_code="200",worker="1"} 1',
    );
    // Process metrics of both workers come along.
    expect(lines.filter((l) => l.startsWith('nodejs_heap_size_used_bytes{')).length).toBe(2);
  });
});
