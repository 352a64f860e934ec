import autocannon from 'autocannon';
import { runWrkOnce, wrkCanRun } from './load-wrk.js';
import type { LoadGenerator, LoadOptions, LoadResult } from './suite.js';

/**
 * Loads `options.url`, rotating through `options.paths` across all connections, after a short
 * warm-up so the JIT and caches settle before measuring. Reads go through the run's generator;
 * requests with a body always through autocannon.
 */
export async function runLoad(
  options: LoadOptions,
  defaults: { durationSeconds: number; connections: number; generator: LoadGenerator },
) {
  const connections = options.connections ?? defaults.connections;
  const durationSeconds = options.durationSeconds ?? defaults.durationSeconds;
  const runOnce = defaults.generator === 'wrk' && wrkCanRun(options) ? runWrkOnce : once;
  await runOnce(options, connections, Math.min(2, durationSeconds));
  return runOnce(options, connections, durationSeconds);
}

async function once(options: LoadOptions, connections: number, durationSeconds: number) {
  if (options.paths.length === 0) throw new Error('runLoad needs at least one path');
  let next = 0;
  const paths = options.paths;
  const result = await autocannon({
    url: options.url,
    connections,
    duration: durationSeconds,
    method: options.method ?? 'GET',
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body ? { body: options.body } : {}),
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] as string;
          return request;
        },
      },
    ],
  });
  const summary: LoadResult = {
    requestsPerSecond: Math.round(result.requests.total / Math.max(result.duration, 0.001)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  return summary;
}
