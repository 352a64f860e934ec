import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
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
const started = performance.now();
const result = await analyzeArchive(zipPath, JSON.parse(expected), JSON.parse(limits));
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({
  ms, ok: result.ok, nodes: result.ok ? result.comfyNodes.length : 0,
  requirements: result.ok ? result.requirements.requirements.length : 0,
  peakMiB: process.resourceUsage().maxRSS / 1024, baseMiB: before / 1024,
}));
`;

const suite: BenchSuite = {
  name: 'analysis',
  title: 'Archive analysis over the real-pack corpus',
  description:
    'The built analyser (`server/dist/modules/archive`) run on each of the 46 archives of `../shared/corpus/real-packs/`, one at a time, each in a fresh Node process: validation, pyproject, requirements, node extraction and the scan, as the pipeline runs it in its worker thread. Time is the wall time of `analyzeArchive` alone (the grammar is loaded before); memory is the process’s peak resident size (`maxRSS`), which includes Node and the grammar (the baseline column). Packs without a `pyproject.toml` get a minimal one in a temporary copy of the zip, as in the tests.',
  async run(ctx) {
    const corpus = path.resolve(ctx.root, '../shared/corpus/real-packs');
    const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as CorpusEntry[];
    const packs = ctx.options.quick ? manifest.slice(0, 3) : manifest;
    const scratch = ctx.tempDir('analysis');
    const child = path.join(scratch, 'analyse-one.mjs');
    writeFileSync(child, CHILD);
    const analyser = pathToFileURL(path.join(ctx.root, 'server/dist/modules/archive/index.js')).href;
    const rows: BenchRow[] = [];
    const times: number[] = [];
    const peaks: number[] = [];
    for (const pack of packs) {
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
      const run = spawnSync(
        process.execPath,
        [child, analyser, zipPath, JSON.stringify(expected), JSON.stringify(LIMITS)],
        { encoding: 'utf8', maxBuffer: 1024 * 1024 },
      );
      if (run.status !== 0) throw new Error(`${pack.id}: ${run.stderr.slice(0, 500)}`);
      const out = JSON.parse(run.stdout) as {
        ms: number;
        ok: boolean;
        nodes: number;
        requirements: number;
        peakMiB: number;
        baseMiB: number;
      };
      if (!out.ok) ctx.note(`${pack.id}: the analysis refused the archive (its version does not normalise)`);
      times.push(out.ms);
      peaks.push(out.peakMiB);
      rows.push({
        name: pack.id,
        values: {
          'analysis s': round(out.ms / 1000),
          'peak RSS MiB': Math.round(out.peakMiB),
          'baseline MiB': Math.round(out.baseMiB),
          classes: out.nodes,
          'Manager classes': pack.manager_classes.length,
          requirements: out.requirements,
        },
      });
    }
    rows.sort((a, b) => Number(b.values['analysis s']) - Number(a.values['analysis s']));
    rows.unshift(
      {
        name: `all ${packs.length} packs: median / p90 / max analysis seconds`,
        values: {
          'analysis s': `${round(percentile(times, 50) / 1000)} / ${round(percentile(times, 90) / 1000)} / ${round(Math.max(...times) / 1000)}`,
        },
        target: {
          goal: 'median ≤ 0.91 s, max ≤ 14.6 s (held-out packs, issue baseline)',
          met: percentile(times, 50) <= 910 && Math.max(...times) <= 14_600,
        },
      },
      {
        name: `all ${packs.length} packs: median / max peak RSS MiB`,
        values: { 'peak RSS MiB': `${Math.round(percentile(peaks, 50))} / ${Math.round(Math.max(...peaks))}` },
      },
    );
    return rows;
  },
};

export default suite;
