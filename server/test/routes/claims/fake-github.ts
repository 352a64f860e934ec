import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers for one token. */
export type FakeToken =
  | {
      login: string;
      /** `owner/name` → the repository's `permissions` block, or 'hidden' (no block) or 'missing' (404). */
      repos: Record<string, Record<string, boolean> | 'hidden' | 'missing'>;
      /** Answers of the collaborator-permission endpoint, by `owner/name`. */
      collaborator?: Record<string, string>;
    }
  | 'revoked'
  | 'rate-limited'
  | 'broken';

/** A local stand-in for api.github.com: the two endpoints a claim calls, and a log of requests. */
export interface FakeGitHub {
  url: string;
  tokens: Map<string, FakeToken>;
  requests: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const tokens = new Map<string, FakeToken>();
  const requests: FakeGitHub['requests'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push({ path, authorization: req.headers.authorization });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const token = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!token || token === 'revoked') return send(401, { message: 'Bad credentials' });
    if (token === 'rate-limited') {
      return send(
        403,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120) },
      );
    }
    if (token === 'broken') return send(502, { message: 'Server Error' });
    if (path === '/user') return send(200, { login: token.login, id: 1 });
    const collaborator = /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/[^/]+\/permission$/.exec(path);
    if (collaborator) {
      const level = token.collaborator?.[`${collaborator[1]}/${collaborator[2]}`];
      return level ? send(200, { permission: level }) : send(404, { message: 'Not Found' });
    }
    const repo = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path);
    const entry = repo ? token.repos[`${repo[1]}/${repo[2]}`] : undefined;
    if (!repo || !entry || entry === 'missing') return send(404, { message: 'Not Found' });
    return send(200, { full_name: `${repo[1]}/${repo[2]}`, ...(entry === 'hidden' ? {} : { permissions: entry }) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
