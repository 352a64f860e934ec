import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import type { E2EState, E2EUser } from './state';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`registry exited with ${server.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Stands in for GitHub's raw-file host on loopback: `/<owner>/<name>/raw/HEAD/<file>` answers
 * `<root>/<owner>/<name>/<file>`, which specs write to "commit" a file to a repository's default
 * branch (a claim's proof file).
 */
async function startRawFileHost(root: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const match = /^\/([\w.-]+)\/([\w.-]+)\/raw\/HEAD\/([\w.-]+)$/.exec(
      new URL(request.url ?? '/', 'http://x').pathname,
    );
    try {
      if (!match) throw new Error('not a raw-file address');
      const body = readFileSync(path.join(root, match[1] ?? '', match[2] ?? '', match[3] ?? ''));
      response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Creates an account through the real sign-up endpoint (e-mail verification is off in this run). */
async function signUp(apiUrl: string, webUrl: string, user: E2EUser): Promise<void> {
  const response = await fetch(`${apiUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: webUrl },
    body: JSON.stringify({ email: user.email, password: user.password, name: user.name }),
  });
  if (!response.ok) throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
}

/**
 * Builds server and web, starts `node server/dist/main.js` with test-friendly settings, seeds a
 * user and an admin, and returns the teardown that stops the server and deletes its data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;

  // A real OpenID Connect provider whose one user signs in without a password prompt.
  const sso: E2EUser = { email: 'sso@e2e.test', password: '', name: 'Sam Sso' };
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) =>
    Object.assign(token.payload, {
      sub: 'sso-user-1',
      email: sso.email,
      email_verified: true,
      name: sso.name,
      picture: `${webUrl}/favicon.svg`,
    }),
  );
  // Claims read their proof file from "GitHub" here: a loopback host serving files specs write.
  const repositoryFiles = mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-repos-'));
  const rawHost = await startRawFileHost(repositoryFiles);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    CLAIM_RAW_FILE_URLS: `github.com=${rawHost.base}/{path}/raw/HEAD/{file}`,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_API_URL: apiUrl,
    PUBLIC_WEB_URL: webUrl,
    LOG_LEVEL: 'warn',
    // One process: the specs stop and inspect the server as one (WORKERS defaults to the cores).
    WORKERS: '1',
    // Many specs make publishers for the same seeded accounts.
    MAX_PUBLISHERS_PER_USER: '1000',
    EMAIL_VERIFICATION_REQUIRED: 'false',
    AUTH_RATE_LIMIT_SIGN_IN_PER_IP: '10000',
    AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT_AND_IP: '10000',
    AUTH_RATE_LIMIT_SIGN_UP_PER_IP: '10000',
    AUTH_RATE_LIMIT_EMAIL_PER_IP: '10000',
    AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '10000',
    AUTH_RATE_LIMIT_OTHER_PER_IP: '100000',
    // External links point back at the web app so no test leaves the machine.
    WEB_DISCORD_URL: `${webUrl}/e2e-discord-invite`,
    // WEB_DOCS_URL, WEB_DOCS_URL_ZH and WEB_CONTRIBUTE_URL keep their defaults (SPEC §2's external
    // pages); tests that follow them answer those addresses in the browser (support/external.ts).
    // The footer's optional links, so its screenshots and tests see all of them.
    CONTACT_EMAIL: 'registry-admins@e2e.test',
    WEB_TERMS_URL: `${webUrl}/e2e-terms`,
    WEB_PRIVACY_URL: `${webUrl}/e2e-privacy`,
    WEB_SOURCE_URL: `${webUrl}/e2e-source`,
    OIDC_ISSUER: provider.issuer.url ?? '',
    OIDC_CLIENT_ID: 'registry-e2e',
    OIDC_CLIENT_SECRET: 'registry-e2e-secret',
    OIDC_NAME: 'Company SSO',
  };
  delete env.DATABASE_URL;

  const admin: E2EUser = { email: 'admin@e2e.test', password: 'admin-password-1', name: 'Ada Admin' };
  const createAdmin = spawnSync(
    'node',
    ['server/dist/cli.js', 'create-admin', '--email', admin.email, '--password', admin.password],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (createAdmin.status !== 0) throw new Error(`create-admin failed: ${createAdmin.stderr}`);

  // The real ComfyUI-Manager catalogue (unclaimed packs with their comfy-node classes), for search.
  const manager = path.join(root, '../shared/data/comfyui-manager');
  const importCatalogue = spawnSync(
    'node',
    [
      'server/dist/cli.js',
      'import-manager-list',
      '--nodes',
      path.join(manager, 'custom-node-list.json'),
      '--node-map',
      path.join(manager, 'extension-node-map.json'),
      '--stats',
      path.join(manager, 'github-stats.json'),
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (importCatalogue.status !== 0) throw new Error(`import-manager-list failed: ${importCatalogue.stderr}`);

  const server = spawn('node', ['server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(`${apiUrl}/health`, server);
  await waitFor(`${webUrl}/`, server);

  const user: E2EUser = { email: 'user@e2e.test', password: 'user-password-1', name: 'Grace Hopper' };
  await signUp(apiUrl, webUrl, user);

  const state: E2EState = { apiUrl, webUrl, dataDir, repositoryFiles, users: { user, admin, sso } };
  process.env.E2E_STATE = JSON.stringify(state);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 5000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    await provider.stop();
    await rawHost.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(repositoryFiles, { recursive: true, force: true });
  };
}
