import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterThisTest } from './cleanup.js';

/** A repository to host: `owner/name` and its files on the default branch (`main`). */
export interface HostedRepository {
  slug: string;
  files: Record<string, string>;
}

/** A small git host on loopback. */
export interface GitHost {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The repository's web address, as a pack's `repository` names it. */
  url(slug: string): string;
  /** Every path requested so far, in order. */
  requests: string[];
  /** Replaces a file on the default branch with a new commit. */
  commit(slug: string, files: Record<string, string>): void;
}

/**
 * Real git repositories served over HTTP on 127.0.0.1, as a forge serves them: `git clone
 * <base>/<owner>/<name>` works (git's "dumb" HTTP protocol: the bare repository's files after
 * `git update-server-info`), and `<base>/<owner>/<name>/raw/<branch>/<path>` answers a file's
 * bytes the way a forge's raw-file address does. Stopped and removed after the test.
 */
export async function startGitHost(repositories: HostedRepository[]): Promise<GitHost> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'git-host-'));
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.test',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.test',
      },
    });
  const work = (slug: string) => path.join(root, 'work', slug);
  const bare = (slug: string) => path.join(root, 'bare', `${slug}.git`);
  const commit = (slug: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(work(slug), name)), { recursive: true });
      writeFileSync(path.join(work(slug), name), text);
    }
    git(work(slug), 'add', '-A');
    git(work(slug), 'commit', '-q', '-m', 'update');
    git(work(slug), 'push', '-q', bare(slug), 'main');
    git(bare(slug), 'update-server-info');
  };
  for (const repo of repositories) {
    mkdirSync(work(repo.slug), { recursive: true });
    git(work(repo.slug), 'init', '-q', '-b', 'main');
    mkdirSync(bare(repo.slug), { recursive: true });
    git(bare(repo.slug), 'init', '-q', '--bare', '-b', 'main');
    commit(repo.slug, repo.files);
  }
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    requests.push(pathname);
    const body = answer(pathname);
    if (body === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  // `/<owner>/<name>/raw/<branch>/<path>`: the file at the branch's head; anything else: the bare repository's files.
  const answer = (pathname: string): Buffer | null => {
    const raw = /^\/([^/]+\/[^/]+)\/raw\/([^/]+)\/(.+)$/.exec(pathname);
    if (raw) {
      const [, slug, branch, file] = raw as unknown as [string, string, string, string];
      try {
        return execFileSync('git', ['show', `${branch}:${file}`], { cwd: bare(slug), stdio: 'pipe' });
      } catch {
        return null;
      }
    }
    const clonePath = /^\/([^/]+\/[^/]+?)(?:\.git)?(\/.*)$/.exec(pathname);
    if (!clonePath) return null;
    const [, slug, rest] = clonePath as unknown as [string, string, string];
    const file = path.join(bare(slug), rest);
    if (!file.startsWith(path.join(root, 'bare')) || file.includes('..')) return null;
    try {
      return statSync(file).isFile() ? readFileSync(file) : null;
    } catch {
      return null;
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterThisTest(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });
  return { base, url: (slug) => `${base}/${slug}`, requests, commit };
}
