import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import type { BenchRow, BenchSuite } from '../suite.js';

interface CorpusEntry {
  id: string;
  archive: string;
  has_pyproject: boolean;
  manager_classes: string[];
}

/** Corpus-sized limits (the largest pack has 844 files), as the class-recall test uses. */
const LIMITS = {
  maxArchiveBytes: 50 * 1024 * 1024,
  maxEntries: 5000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxSourceFileBytes: 4 * 1024 * 1024,
  maxSourceBytes: 64 * 1024 * 1024,
  maxTextBytes: 128 * 1024 * 1024,
};

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * One analysis in a process of its own, so its peak memory is its own: the child loads the built
 * analyser and the Python grammar first (baseline), then analyses the archive once and reports
 * the wall time of that analysis and the process's peak resident size.
 */
const CHILD = `
const [analyser, zipPath, expected, limits] = process.argv.slice(2);
const { analyzeArchive } = await import(analyser);
const { pythonParser } = await import(analyser.replace(/index\\.js$/, 'python/parser.js'));
await pythonParser();
const before = process.resourceUsage().maxRSS;
const cpu = process.cpuUsage();
const started = performance.now();
const result = await analyzeArchive(zipPath, JSON.parse(expected), JSON.parse(limits));
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({
  ms, cpuMs: (used.user + used.system) / 1000, ok: result.ok, nodes: result.ok ? result.comfyNodes.length : 0,
  requirements: result.ok ? (result.requirements?.requirements?.length ?? 0) : 0,
  peakMiB: process.resourceUsage().maxRSS / 1024, baseMiB: before / 1024,
}));
`;

/** What one analysis reported. */
interface Measured {
  ms: number;
  cpuMs: number;
  ok: boolean;
  nodes: number;
  requirements: number;
  peakMiB: number;
  baseMiB: number;
}

/**
 * Another checkout whose built analyser is measured on each pack right beside this one's
 * (`BENCH_ANALYSIS_BASELINE=/path/to/checkout`, built with `npm run build -w server`): the two
 * alternate pack by pack, so a load that changes during the run weighs on both alike.
 */
const BASELINE = process.env.BENCH_ANALYSIS_BASELINE;

const suite: BenchSuite = {
  name: 'analysis',
  title: 'Archive analysis over the real-pack corpus',
  description:
    'The built analyser (`server/dist/engines/archive`) run on each of the 46 archives of `../shared/corpus/real-packs/`, one at a time, each in a fresh Node process: validation, pyproject, requirements, node extraction and the scan, as the pipeline runs it in its worker thread. Time is the wall time of `analyzeArchive` alone (the grammar is loaded before), and the CPU time (user + system) the process spent in it, which other load on a shared machine disturbs far less; memory is the process’s peak resident size (`maxRSS`), which includes Node and the grammar (the baseline MiB column). Packs without a `pyproject.toml` get a minimal one in a temporary copy of the zip, as in the tests. With `BENCH_ANALYSIS_BASELINE=<checkout>` the analyser built in another checkout runs beside this one on every pack, the two alternating which goes first, and the baseline columns compare them.',
  async run(ctx) {
    const corpus = path.resolve(ctx.root, '../shared/corpus/real-packs');
    const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as CorpusEntry[];
    const packs = ctx.options.quick ? manifest.slice(0, 3) : manifest;
    const scratch = ctx.tempDir('analysis');
    const child = path.join(scratch, 'analyse-one.mjs');
    writeFileSync(child, CHILD);
    const analyser = pathToFileURL(builtAnalyser(ctx.root)).href;
    const baseline = BASELINE ? pathToFileURL(builtAnalyser(path.resolve(BASELINE))).href : null;
    if (BASELINE)
      ctx.note(`baseline: the analyser built in ${BASELINE}, run beside this one on each pack, in alternating order`);
    const rows: BenchRow[] = [];
    const times: number[] = [];
    const cpus: number[] = [];
    const peaks: number[] = [];
    const before = { times: [] as number[], cpus: [] as number[], peaks: [] as number[] };
    const analyse = (build: string, zipPath: string, expected: { name: string; version: string }, id: string) => {
      const run = spawnSync(
        process.execPath,
        [child, build, zipPath, JSON.stringify(expected), JSON.stringify(LIMITS)],
        {
          encoding: 'utf8',
          maxBuffer: 1024 * 1024,
        },
      );
      if (run.status !== 0) throw new Error(`${id}: ${run.stderr.slice(0, 500)}`);
      return JSON.parse(run.stdout) as Measured;
    };
    for (const [index, pack] of packs.entries()) {
      let zipPath = path.join(corpus, pack.archive);
      let expected = { name: pack.id, version: '0.0.1' };
      const entries = unzipSync(readFileSync(zipPath));
      const pyproject = entries['pyproject.toml'];
      const text = pyproject ? new TextDecoder().decode(pyproject) : '';
      const name = /^name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
      const version = /^version\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
      if (name && version && /^\d+\.\d+\.\d+$/.test(version)) {
        expected = { name, version };
      } else {
        entries['pyproject.toml'] = new TextEncoder().encode(`[project]\nname = "${pack.id}"\nversion = "0.0.1"\n`);
        zipPath = path.join(scratch, pack.archive);
        writeFileSync(zipPath, zipSync(entries));
      }
      ctx.log(`analysing ${pack.id}`);
      let old: Measured | null = null;
      if (baseline && index % 2 === 0) old = analyse(baseline, zipPath, expected, `${pack.id} (baseline)`);
      const out = analyse(analyser, zipPath, expected, pack.id);
      if (baseline && index % 2 === 1) old = analyse(baseline, zipPath, expected, `${pack.id} (baseline)`);
      if (!out.ok) ctx.note(`${pack.id}: the analysis refused the archive (its version does not normalise)`);
      times.push(out.ms);
      cpus.push(out.cpuMs);
      peaks.push(out.peakMiB);
      if (old) {
        before.times.push(old.ms);
        before.cpus.push(old.cpuMs);
        before.peaks.push(old.peakMiB);
      }
      rows.push({
        name: pack.id,
        values: {
          'analysis s': round(out.ms / 1000),
          'CPU s': round(out.cpuMs / 1000),
          'peak RSS MiB': Math.round(out.peakMiB),
          ...(old
            ? {
                'baseline analysis s': round(old.ms / 1000),
                'baseline CPU s': round(old.cpuMs / 1000),
                'baseline peak RSS MiB': Math.round(old.peakMiB),
                'baseline classes': old.nodes,
              }
            : { 'baseline MiB': Math.round(out.baseMiB) }),
          classes: out.nodes,
          'Manager classes': pack.manager_classes.length,
          requirements: out.requirements,
        },
      });
    }
    rows.sort((a, b) => Number(b.values['analysis s']) - Number(a.values['analysis s']));
    const spreadOf = (values: number[]) =>
      `${round(percentile(values, 50) / 1000)} / ${round(percentile(values, 90) / 1000)} / ${round(Math.max(...values) / 1000)}`;
    const summary: BenchRow[] = [
      {
        name: `all ${packs.length} packs: median / p90 / max analysis seconds`,
        values: { 'analysis s': spreadOf(times), 'CPU s': spreadOf(cpus) },
        target: {
          goal: 'median ≤ 0.91 s, max ≤ 14.6 s (held-out packs, issue baseline)',
          met: percentile(times, 50) <= 910 && Math.max(...times) <= 14_600,
        },
      },
      {
        name: `all ${packs.length} packs: median / max peak RSS MiB`,
        values: { 'peak RSS MiB': `${Math.round(percentile(peaks, 50))} / ${Math.round(Math.max(...peaks))}` },
      },
    ];
    if (before.times.length > 0) {
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      summary.push(
        {
          name: `baseline, same packs: median / p90 / max seconds`,
          values: {
            'baseline analysis s': spreadOf(before.times),
            'baseline CPU s': spreadOf(before.cpus),
            'baseline peak RSS MiB': `${Math.round(percentile(before.peaks, 50))} / ${Math.round(Math.max(...before.peaks))}`,
          },
        },
        {
          name: 'total CPU seconds over the corpus: this build / baseline',
          values: { 'CPU s': round(sum(cpus) / 1000, 1), 'baseline CPU s': round(sum(before.cpus) / 1000, 1) },
          target: {
            goal: 'no regression: total CPU within 10 % of the baseline',
            met: sum(cpus) <= sum(before.cpus) * 1.1,
          },
        },
      );
    }
    rows.unshift(...summary);
    return rows;
  },
};

export default suite;

/** The built analyser of a checkout: under `engines/`, or under `modules/` in a baseline built before it moved. */
function builtAnalyser(checkout: string): string {
  const current = path.join(checkout, 'server/dist/engines/archive/index.js');
  return existsSync(current) ? current : path.join(checkout, 'server/dist/modules/archive/index.js');
}
