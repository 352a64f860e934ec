/**
 * Measures the memory one archive analysis takes in its worker thread, for the largest archive
 * the default budget lets through (not a test: the numbers depend on the machine). Builds a pack
 * of ordinary node code adding up to `ARCHIVE_MAX_SOURCE_BYTES` (or the MiB given), analyses it in
 * the real analyser pool with the default heap limit, and samples the process's resident memory.
 * Run: `npx tsx test/pipeline/measure-memory.ts [sourceMebibytes]`.
 */
import { statSync } from 'node:fs';
import { archiveLimitsFromConfig } from '../../src/config/archive.js';
import { AnalyserPool } from '../../src/modules/pipeline/analyser-pool.js';
import { fixtureFiles, zipFiles } from '../archive/helpers/pack.js';
import { testConfig } from '../helpers/config.js';

const config = testConfig();
const limits = archiveLimitsFromConfig(config.publishing);
const maxMemoryMb = config.publishing.ARCHIVE_ANALYSIS_MAX_MEMORY_MB;
const sourceBytes = Number(process.argv[2] ?? limits.maxSourceBytes / 1024 / 1024) * 1024 * 1024;
const PYTHON_FILES = 200;

const base = fixtureFiles('clean-pack');
const template = new TextDecoder().decode(base['nodes.py']);
const files: Record<string, Uint8Array | string> = { 'pyproject.toml': base['pyproject.toml'] ?? '' };
const imports: string[] = [];
// Leave room for pyproject.toml and __init__.py so the pack stays inside the budget.
const perFile = Math.floor((sourceBytes - 64 * 1024) / PYTHON_FILES);
for (let i = 0; i < PYTHON_FILES; i++) {
  let body = '';
  for (let copy = 0; body.length + template.length < perFile; copy++) {
    body += template
      .replace(/^from \.utils import .*$/m, '')
      .replaceAll('ImageBlend', `ImageBlend${i}x${copy}`)
      .replaceAll('ColorMatch', `ColorMatch${i}x${copy}`)
      .replaceAll('SaveBlendPreview', `SaveBlendPreview${i}x${copy}`);
  }
  files[`nodes/pack_${i}.py`] = body;
  imports.push(`from .nodes.pack_${i} import NODE_CLASS_MAPPINGS as M${i}`);
}
files['nodes/__init__.py'] = '';
files['__init__.py'] =
  `${imports.join('\n')}\nNODE_CLASS_MAPPINGS = {${imports.map((_, i) => `**M${i}`).join(', ')}}\n`;
const zipPath = zipFiles(files);
const total = Object.values(files).reduce((sum, c) => sum + (typeof c === 'string' ? c.length : c.length), 0);
console.log(
  `archive ${(statSync(zipPath).size / 1e6).toFixed(1)} MB, ${(total / 1024 / 1024).toFixed(1)} MiB of Python (budget ${limits.maxSourceBytes / 1024 / 1024} MiB), heap limit ${maxMemoryMb} MB`,
);

const pool = new AnalyserPool({
  size: 1,
  timeoutMs: config.publishing.ARCHIVE_ANALYSIS_TIMEOUT_SECONDS * 1000,
  maxMemoryMb,
});
const expected = { name: 'comfyui-image-blend-tools', version: '1.4.0' };
try {
  // A first small run starts the thread and loads the parser, so the baseline includes them.
  await pool.analyze(zipFiles({ 'pyproject.toml': base['pyproject.toml'] ?? '' }), expected, limits);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let outcome: string;
  try {
    const analysis = await pool.analyze(zipPath, expected, limits);
    outcome = analysis.ok
      ? `analysed: ${analysis.comfyNodes.length} nodes, ${analysis.findings.length} findings, extract ${analysis.extract.status}`
      : `refused: ${analysis.reason}`;
  } catch (error) {
    outcome = `failed: ${(error as Error).message}`;
  }
  clearInterval(sampler);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`${outcome} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `resident memory: baseline ${mb(baseline)} MiB, peak ${mb(peak)} MiB, analysis added ${mb(peak - baseline)} MiB`,
  );
} finally {
  await pool.close();
}
