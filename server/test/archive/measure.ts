/**
 * Measures analyzeArchive on a generated 10 MB pack with 200 Python files (not a test: timings
 * depend on the machine). Run: `npx tsx test/archive/measure.ts [pythonMegabytes]`.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import { fixtureFiles, testLimits, zipFiles } from './helpers/pack.js';

const PYTHON_FILES = 200;
const pythonBytes = Number(process.argv[2] ?? 4) * 1024 * 1024;
const base = fixtureFiles('clean-pack');
const template = new TextDecoder().decode(base['nodes.py']);
const helpers = new TextDecoder().decode(base['utils.py']);

const files: Record<string, Uint8Array | string> = { 'pyproject.toml': base['pyproject.toml'] ?? '' };
const imports: string[] = [];
for (let i = 0; i < PYTHON_FILES; i++) {
  // Each module: copies of real node classes under unique names, its own mappings, and helper code.
  let body = `${helpers.replaceAll('def ', `def m${i}_`)}\n`;
  let copy = 0;
  while (body.length < pythonBytes / PYTHON_FILES) {
    body += template
      .replace(/^from \.utils import .*$/m, '')
      .replaceAll('ImageBlend', `ImageBlend${i}x${copy}`)
      .replaceAll('ColorMatch', `ColorMatch${i}x${copy}`)
      .replaceAll('SaveBlendPreview', `SaveBlendPreview${i}x${copy}`);
    copy += 1;
  }
  files[`nodes/pack_${i}.py`] = body;
  imports.push(`from .nodes.pack_${i} import NODE_CLASS_MAPPINGS as M${i}`);
}
files['nodes/__init__.py'] = '';
files['__init__.py'] =
  `${imports.join('\n')}\nNODE_CLASS_MAPPINGS = {${imports.map((_, i) => `**M${i}`).join(', ')}}\n`;
// Incompressible assets (weights, images) bring the archive to about 10 MB.
const path0 = zipFiles(files);
const assetBytes = Math.max(0, 10 * 1024 * 1024 - statSync(path0).size);
files['assets/preview.bin'] = randomBytes(assetBytes);
const zipPath = zipFiles(files);

const expected = { name: 'comfyui-image-blend-tools', version: '1.4.0' };
const python = Object.entries(files).filter(([n]) => n.endsWith('.py'));
const pySize = python.reduce((sum, [, c]) => sum + (typeof c === 'string' ? c.length : c.length), 0);
console.log(
  `archive ${(statSync(zipPath).size / 1e6).toFixed(1)} MB, ${python.length} Python files, ${(pySize / 1e6).toFixed(1)} MB of Python`,
);
for (const run of ['cold (includes loading the parser)', 'warm', 'warm']) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await analyzeArchive(zipPath, expected, { ...testLimits, maxEntries: 10_000 });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (!result.ok) throw new Error(result.reason);
  console.log(
    `${run}: ${ms.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ${result.comfyNodes.length} nodes, ${result.findings.length} findings, extract ${result.extract.status}`,
  );
}
