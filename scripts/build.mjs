// Builds what is missing or stale: the server (TypeScript → server/dist) and the web app
// (Vite → web/dist, with its first-screen renderer in web/dist/.ssr). `--force` rebuilds both.
// Used by `npm start` and `npm run registry`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(sources, marker) {
  return !existsSync(marker) || sources.some((s) => newestMtime(s) > statSync(marker).mtimeMs);
}

function npm(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the parts whose sources changed since their last build. */
export function buildIfNeeded({ force = false, web = true } = {}) {
  if (force || stale([path.join(root, 'server/src')], path.join(root, 'server/dist/main.js'))) {
    npm(['run', 'build', '-w', 'server']);
  }
  const webPkg = path.join(root, 'web/package.json');
  if (web && existsSync(webPkg)) {
    const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts'].map((p) => path.join(root, p));
    // A build from before the first-screen renderer existed lacks web/dist/.ssr: rebuild it too.
    const complete = existsSync(path.join(root, 'web/dist/.ssr/entry-server.js'));
    if (force || !complete || stale(sources, path.join(root, 'web/dist/index.html'))) {
      npm(['run', 'build', '-w', 'web']);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfNeeded({ force: process.argv.includes('--force') });
}
