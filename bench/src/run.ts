import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { captureResponses, startCeiling } from './ceiling.js';
import { runLoad } from './load.js';
import { wrkVersion } from './load-wrk.js';
import { describeMachine, machineInfo } from './machine.js';
import { runCli, startRegistry, stopAll } from './processes.js';
import { renderSection, type SuiteOutcome, writeResults } from './results.js';
import type { BenchContext, BenchOptions, BenchRow, BenchSuite, CeilingServer, LoadGenerator } from './suite.js';

/**
 * `npm run bench [-- --suite <name>]... [--duration <s>] [--connections <n>] [--generator wrk|autocannon] [--quick]`:
 * builds the server, runs every suite in bench/src/suites (or the named ones) one after another
 * and rewrites their sections of bench/RESULTS.md. `--quick` is a smoke test: small data, short
 * runs, nothing written.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(benchDir, '..');
const managerDir = path.resolve(root, '../shared/data/comfyui-manager');

async function main(): Promise<number> {
  const { values: flags } = parseArgs({
    options: {
      suite: { type: 'string', multiple: true },
      duration: { type: 'string' },
      connections: { type: 'string' },
      quick: { type: 'boolean' },
      'no-build': { type: 'boolean' },
      'soak-seconds': { type: 'string' },
      generator: { type: 'string' },
    },
    allowPositionals: false,
  });
  const values = { ...npmConfigFlags(), ...flags };
  const quick = values.quick === true;
  const generator = chooseGenerator(values.generator);
  if (!generator) {
    process.stderr.write('--generator must be wrk (installed: apt-get install wrk) or autocannon\n');
    return 2;
  }
  const options: BenchOptions = {
    durationSeconds: Number(values.duration ?? (quick ? 2 : 6)),
    connections: Number(values.connections ?? 64),
    quick,
    generator,
    ...(values['soak-seconds'] === undefined ? {} : { soakSeconds: Number(values['soak-seconds']) }),
  };
  if (!(options.durationSeconds > 0) || !(options.connections > 0)) {
    process.stderr.write('--duration and --connections must be positive numbers\n');
    return 2;
  }
  const suites = await loadSuites(values.suite);
  if (values['no-build'] !== true) await build();

  const outcomes: SuiteOutcome[] = [];
  const scratch: string[] = [];
  try {
    for (const suite of suites) outcomes.push(await runSuite(suite, options, scratch));
  } finally {
    await stopAll();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
  if (quick) for (const outcome of outcomes) process.stdout.write(`\n${renderSection(outcome)}`);
  else writeResults(path.join(benchDir, 'RESULTS.md'), outcomes);
  for (const outcome of outcomes) {
    const missed = outcome.rows.filter((r) => r.target && !r.target.met).map((r) => r.name);
    process.stderr.write(
      `${outcome.suite.name}: ${outcome.error ? `FAILED (${outcome.error})` : 'done'}` +
        `${missed.length > 0 ? `; targets missed: ${missed.join(', ')}` : ''}\n`,
    );
  }
  return outcomes.some((o) => o.error) ? 1 : 0;
}

/**
 * wrk where it is installed: it costs the shared cores far less than autocannon at the same rate,
 * so more of the machine is left to the server being measured.
 */
function chooseGenerator(asked: string | undefined): LoadGenerator | null {
  const installed = wrkVersion() !== null;
  if (asked === undefined) return installed ? 'wrk' : 'autocannon';
  if (asked === 'autocannon') return 'autocannon';
  if (asked === 'wrk' && installed) return 'wrk';
  return null;
}

/**
 * The root script forwards its arguments (`npm run bench -- --suite x` reaches this process as
 * `--suite x`). Switches given without the `--` (`npm run bench --quick`) reach npm instead, which
 * hands them on only as `npm_config_*` variables; read the two switches from there too.
 */
function npmConfigFlags(): { quick?: boolean; 'no-build'?: boolean } {
  const env = process.env;
  return {
    ...(env.npm_config_quick === 'true' ? { quick: true } : {}),
    ...(env.npm_config_build === '' || env.npm_config_build === 'false' ? { 'no-build': true } : {}),
  };
}

/** Every suite file, or only the named ones (an unknown name is an error, not a silent skip). */
async function loadSuites(names: string[] | undefined): Promise<BenchSuite[]> {
  const dir = path.join(benchDir, 'src/suites');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const available = files.map((f) => f.replace(/\.ts$/, ''));
  const wanted = names ?? available;
  const unknown = wanted.filter((n) => !available.includes(n));
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')}; available: ${available.join(', ')}`);
  const suites: BenchSuite[] = [];
  for (const name of wanted) {
    const module = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { default?: BenchSuite };
    if (!module.default || typeof module.default.run !== 'function') {
      throw new Error(`bench/src/suites/${name}.ts must export default a BenchSuite`);
    }
    suites.push(module.default);
  }
  return suites;
}

/**
 * Builds the server if its sources changed, with the project's own build script. The web app is
 * left alone: the API listener is what is measured.
 */
async function build(): Promise<void> {
  process.stderr.write('Building the server if stale (scripts/build.mjs)...\n');
  const script = (await import(pathToFileURL(path.join(root, 'scripts/build.mjs')).href)) as {
    buildIfNeeded(options: { web?: boolean }): void;
  };
  script.buildIfNeeded({ web: false });
}

async function runSuite(suite: BenchSuite, options: BenchOptions, scratch: string[]): Promise<SuiteOutcome> {
  const started = performance.now();
  const notes: string[] = [];
  const ceilings: CeilingServer[] = [];
  const generatorName = options.generator === 'wrk' ? (wrkVersion() ?? 'wrk') : 'autocannon';
  const machine = `${describeMachine(machineInfo(), new Date())} · load generator ${generatorName}`;
  const tempDir = (label: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${suite.name}-${label}-`));
    scratch.push(dir);
    return dir;
  };
  const ctx: BenchContext = {
    root,
    managerData: {
      nodes: path.join(managerDir, 'custom-node-list.json'),
      nodeMap: path.join(managerDir, 'extension-node-map.json'),
      stats: path.join(managerDir, 'github-stats.json'),
    },
    options,
    log: (message) =>
      process.stderr.write(`[${suite.name} ${Math.round((performance.now() - started) / 1000)}s] ${message}\n`),
    note: (text) => notes.push(text),
    tempDir,
    cli: (args, cliOptions) => runCli(root, args, cliOptions),
    startRegistry: (registryOptions) => startRegistry(root, registryOptions),
    load: (loadOptions) => runLoad(loadOptions, options),
    async ceilingFor(url, paths, ceilingOptions) {
      const server = await startCeiling(await captureResponses(url, paths, ceilingOptions), tempDir('ceiling'));
      ceilings.push(server);
      return server;
    },
  };
  process.stderr.write(`\n== ${suite.name}: ${suite.title}\n`);
  let rows: BenchRow[] = [];
  let error: string | undefined;
  try {
    rows = await suite.run(ctx);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    process.stderr.write(`[${suite.name}] failed: ${failure instanceof Error ? failure.stack : error}\n`);
  } finally {
    await Promise.all(ceilings.map((c) => c.stop()));
    await stopAll();
  }
  const outcome: SuiteOutcome = { suite, rows, notes, machine, seconds: (performance.now() - started) / 1000 };
  if (error) outcome.error = error;
  return outcome;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
