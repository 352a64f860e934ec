import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

/** How the hostile upstream answers archive requests right now. */
export type HostileMode = 'truncated' | 'endless' | 'gzip-bomb' | 'wrong-hash' | 'honest';

export interface HostileUpstream {
  url: string;
  mode: HostileMode;
  /** The archive an honest answer carries. */
  bytes: Buffer;
  close(): Promise<void>;
}

/**
 * A loopback upstream listing one pack (`alpha` 1.0.0 of `acme`) whose archive answer breaks the
 * way a restarting CDN or an attacker breaks it: cut short, endless, a gzip bomb, or bytes that
 * differ from the hash it announces. `maxBytes` is the mirror's MAX_ARCHIVE_BYTES.
 */
export async function startHostileUpstream(maxBytes: number): Promise<HostileUpstream> {
  const bytes = Buffer.from(
    zipSync(
      { 'pyproject.toml': strToU8('[project]\nname = "alpha"\nversion = "1.0.0"\n'), 'w.bin': randomBytes(200_000) },
      { level: 0 },
    ),
  );
  const sha = createHash('sha256').update(bytes).digest('hex');
  const bomb = gzipSync(Buffer.alloc(16 * maxBytes), { level: 1 });
  const state = { mode: 'honest' as HostileMode };
  let url = '';
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/nodes') {
      return json({
        nodes: [{ id: 'alpha', publisher: { id: 'acme', name: 'Acme' }, latest_version: { version: '1.0.0' } }],
        totalPages: 1,
      });
    }
    if (path === '/publishers/acme') return json({ id: 'acme', name: 'Acme' });
    if (path === '/nodes/alpha/versions') {
      return json([
        { version: '1.0.0', status: 'NodeVersionStatusActive', downloadUrl: `${url}/files/acme/alpha/1.0.0/node.zip` },
      ]);
    }
    if (path !== '/files/acme/alpha/1.0.0/node.zip') {
      response.writeHead(404);
      response.end();
      return;
    }
    switch (state.mode) {
      case 'honest':
        response.writeHead(200, { 'content-length': bytes.length, etag: `"${sha}"` });
        response.end(bytes);
        return;
      case 'wrong-hash': {
        const other = Buffer.from(bytes);
        other[other.length - 1] = (other.at(-1) ?? 0) ^ 0xff;
        response.writeHead(200, { 'content-length': other.length, etag: `"${sha}"` });
        response.end(other);
        return;
      }
      case 'truncated':
        response.writeHead(200, { 'content-length': bytes.length, etag: `"${sha}"` });
        response.write(bytes.subarray(0, bytes.length >> 1), () => response.socket?.destroy());
        return;
      case 'gzip-bomb':
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length });
        response.end(bomb);
        return;
      case 'endless': {
        response.writeHead(200, {});
        const chunk = Buffer.alloc(64 * 1024, 7);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * maxBytes && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        pump();
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bytes,
    get mode() {
      return state.mode;
    },
    set mode(mode: HostileMode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
