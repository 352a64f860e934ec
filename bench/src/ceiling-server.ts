import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * The ceiling: a bare `node:http` server answering precomputed bytes by path, with no routing,
 * validation, database or serialisation. Started as a child process by ceiling.ts with the path
 * of a JSON file of `{path, status, contentType, body(base64), gzip?}`; prints its port when listening.
 * A gzip body goes out as it is to clients that accept gzip, and decompressed (once, here) to others.
 */
interface Canned {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer;
  /** The compressed form, with its headers, when the body was captured compressed. */
  gzip?: { headers: Record<string, string | number>; body: Buffer };
}

const file = process.argv[2];
if (!file) throw new Error('usage: ceiling-server <responses.json>');
const entries = JSON.parse(readFileSync(file, 'utf8')) as {
  path: string;
  status: number;
  contentType: string;
  body: string;
  gzip?: boolean;
}[];
const byPath = new Map<string, Canned>();
for (const entry of entries) {
  const stored = Buffer.from(entry.body, 'base64');
  const body = entry.gzip ? gunzipSync(stored) : stored;
  byPath.set(entry.path, {
    status: entry.status,
    headers: { 'content-type': entry.contentType, 'content-length': body.length },
    body,
    ...(entry.gzip
      ? {
          gzip: {
            headers: {
              'content-type': entry.contentType,
              'content-length': stored.length,
              'content-encoding': 'gzip',
              vary: 'accept-encoding',
            },
            body: stored,
          },
        }
      : {}),
  });
}
const missing: Canned = { status: 404, headers: { 'content-length': 0 }, body: Buffer.alloc(0) };

const server = http.createServer((request, response) => {
  const canned = byPath.get(request.url ?? '') ?? missing;
  const compressed = canned.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? canned.gzip : null;
  response.writeHead(canned.status, compressed ? compressed.headers : canned.headers);
  response.end(compressed ? compressed.body : canned.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
