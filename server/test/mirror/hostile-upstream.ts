import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterThisTest } from '../helpers/cleanup.js';

/**
 * How the hostile upstream answers an archive request. Each is something a broken CDN, a
 * restarting upstream or an attacker does to a mirror.
 */
export type ArchiveBehaviour =
  /** The archive as it is, with its SHA-256 as the ETag. */
  | { kind: 'honest' }
  /** Announces the archive's length, sends half of it and closes the connection. */
  | { kind: 'truncated' }
  /** Chunked, with no length, and never stops before `bytes`. */
  | { kind: 'endless'; bytes: number }
  /** `Content-Encoding: gzip`: a few kilobytes on the wire that inflate to `bytes` of zeros. */
  | { kind: 'gzip-bomb'; bytes: number }
  /** Other bytes than the ETag's hash. */
  | { kind: 'wrong-hash' }
  /** The archive with no ETag at all. */
  | { kind: 'no-hash' }
  /** A redirect to `location`. */
  | { kind: 'redirect'; location: string }
  /** One byte every `everyMs`, for ever. */
  | { kind: 'drip'; everyMs: number };

export interface HostileUpstream {
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  /** Paths whose answer is over (sent, or cut by either side), in order. */
  finished: string[];
  archive: ArchiveBehaviour;
  /** The archive's bytes as the honest upstream would send them. */
  bytes: Buffer;
  /** What `/nodes?page=N` answers; by default one page listing pack `alpha`. */
  nodesPage: (page: number) => unknown;
  /** The downloadUrl the versions list names; by default this upstream's own `/files/...`. */
  downloadUrl: string;
  /** Serves `/nodes?page=N` bodies as they are (raw text), when set. */
  rawNodesPage?: (page: number) => string;
  /** Answers `/nodes` with a redirect there, when set. */
  nodesRedirect?: string;
  /** Waits this long before answering each `/nodes` page. */
  pageDelayMs?: number;
  /** What `/publishers/acme` answers. */
  publisher: Record<string, unknown>;
}

export const HOSTILE_KEY = 'acme/alpha/1.0.0/node.zip';

/**
 * A loopback HTTP server that speaks the registry API well enough for a mirror to sync one pack
 * (`alpha` 1.0.0 of publisher `acme`), and answers its archive the way `archive` says. Closed
 * after the test.
 */
export async function startHostileUpstream(bytes: Buffer): Promise<HostileUpstream> {
  const state: HostileUpstream = {
    url: '',
    requests: [],
    finished: [],
    archive: { kind: 'honest' },
    bytes,
    nodesPage: () => ({
      nodes: [
        {
          id: 'alpha',
          name: 'Alpha',
          publisher: { id: 'acme', name: 'Acme' },
          latest_version: { version: '1.0.0' },
        },
      ],
      totalPages: 1,
    }),
    downloadUrl: '',
    publisher: { id: 'acme', name: 'Acme' },
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    state.requests.push(`${url.pathname}${url.search}`);
    response.on('close', () => state.finished.push(`${url.pathname}${url.search}`));
    const json = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/nodes' && state.nodesRedirect) {
      response.writeHead(302, { location: state.nodesRedirect });
      response.end();
      return;
    }
    if (url.pathname === '/nodes' && state.pageDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, state.pageDelayMs));
    }
    if (url.pathname === '/nodes') {
      const page = Number(url.searchParams.get('page') ?? '1');
      if (state.rawNodesPage) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(state.rawNodesPage(page));
        return;
      }
      json(state.nodesPage(page));
      return;
    }
    if (url.pathname === '/publishers/acme') return json(state.publisher);
    if (url.pathname === '/nodes/alpha/versions') {
      return json([
        {
          version: '1.0.0',
          status: 'NodeVersionStatusActive',
          downloadUrl: state.downloadUrl || `${state.url}/files/${HOSTILE_KEY}`,
        },
      ]);
    }
    if (url.pathname === `/files/${HOSTILE_KEY}`) return answerArchive(state, response);
    json({ message: 'not found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterThisTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return state;
}

const bombs = new Map<number, Buffer>();

/** `bytes` zeros, gzipped (made once per size: compressing is most of the cost). */
function gzipBomb(bytes: number): Buffer {
  let packed = bombs.get(bytes);
  if (!packed) {
    packed = gzipSync(Buffer.alloc(bytes), { level: 1 });
    bombs.set(bytes, packed);
  }
  return packed;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function answerArchive(state: HostileUpstream, response: http.ServerResponse): void {
  const { bytes } = state;
  const behaviour = state.archive;
  switch (behaviour.kind) {
    case 'honest':
    case 'no-hash':
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': bytes.length,
        ...(behaviour.kind === 'honest' ? { etag: `"${sha256(bytes)}"` } : {}),
      });
      response.end(bytes);
      return;
    case 'wrong-hash': {
      const other = Buffer.from(bytes);
      other[other.length - 1] = (other.at(-1) ?? 0) ^ 0xff;
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': other.length,
        etag: `"${sha256(bytes)}"`,
      });
      response.end(other);
      return;
    }
    case 'truncated':
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': bytes.length,
        etag: `"${sha256(bytes)}"`,
      });
      response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.socket?.destroy());
      return;
    case 'endless': {
      response.writeHead(200, { 'content-type': 'application/zip' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      const pump = () => {
        while (sent < behaviour.bytes && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => {
        sent = behaviour.bytes;
      });
      pump();
      return;
    }
    case 'gzip-bomb': {
      const packed = gzipBomb(behaviour.bytes);
      response.writeHead(200, {
        'content-type': 'application/zip',
        'content-encoding': 'gzip',
        'content-length': packed.length,
      });
      response.end(packed);
      return;
    }
    case 'drip': {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': bytes.length });
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed || sent >= bytes.length - 1) return;
        response.write(bytes.subarray(sent, sent + 1));
        sent++;
      }, behaviour.everyMs);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case 'redirect':
      response.writeHead(302, { location: behaviour.location });
      response.end();
      return;
  }
}
