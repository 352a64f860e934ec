// `npm test`: every suite. Lint and the API types check first; then types, the server suite on
// SQLite and on a real PostgreSQL server and the web unit tests side by side; then the browser
// end-to-end tests.
// A PostgreSQL server comes from TEST_DATABASE_URL, or is started from the installed Debian
// packages for the duration of the run. In CI (CI=true) a missing PostgreSQL is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from './pg-throwaway.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

function hasScript(workspace, script) {
  const file = path.join(root, workspace, 'package.json');
  return existsSync(file) && Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.[script]);
}

/** Like `step`, without waiting: the output is kept and printed, under the step's name, at its end. */
function stepInBackground(name, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n=== ${name} ===\n`);
      process.stdout.write(Buffer.concat(output));
      results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
      resolve();
    });
  });
}

function step(name, args, env = {}) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

step('lint', ['run', 'lint']);
// The web app's API types are compared with the server's OpenAPI document once, here, before the
// suites that load both cores: as a test inside a suite its time depended on the machine's speed
// and on what ran beside it (72 s against a 60 s timeout on a slower machine).
step('API types match the OpenAPI document', ['run', 'gen:api', '-w', 'web', '--', '--check']);
let postgres = null;
let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  try {
    postgres = await startThrowawayPostgres();
    pgUrl = postgres?.url;
  } catch (error) {
    process.stdout.write(`Could not start PostgreSQL: ${error.message}\n`);
  }
}

// Everything before the browser tests goes side by side: the PostgreSQL run mostly waits for its
// server, and the other steps use the cores meanwhile. Each step's output is printed whole when it
// ends. (The web app is built by the browser tests' setup, after these: some server tests load
// its pages from the built server, which must not see a half-written build.)
const sideBySide = [
  stepInBackground('typecheck', ['run', 'typecheck']),
  stepInBackground('server tests (SQLite)', ['test', '-w', 'server'], { TEST_DATABASE_URL: '' }),
];
if (hasScript('web', 'test')) sideBySide.push(stepInBackground('web unit tests', ['test', '-w', 'web']));
if (pgUrl) {
  sideBySide.push(
    stepInBackground('server tests (PostgreSQL)', ['test', '-w', 'server'], { TEST_DATABASE_URL: pgUrl }),
  );
} else if (inCi) {
  results.push({ name: 'server tests (PostgreSQL)', ok: false, seconds: 0 });
  process.stdout.write('\nPostgreSQL is required in CI but none was found (install the postgresql package).\n');
} else {
  process.stdout.write(
    '\n*** SKIPPED: server tests on PostgreSQL (no TEST_DATABASE_URL and no postgresql package). ***\n',
  );
}
await Promise.all(sideBySide);
postgres?.stop();

if (hasScript('e2e', 'test')) step('browser end-to-end tests', ['test', '-w', 'e2e']);

process.stdout.write('\n=== summary ===\n');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`suites: ${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
