import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import { fixtureFile, fixtureFiles, testLimits, zipFixture } from './helpers/pack.js';

const CORPUS = 'scan-corpus';
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', CORPUS, 'manifest.json'), 'utf8')) as {
  samples: Record<string, string | null>;
};

describe('scanner evasion corpus', () => {
  it('fires and holds on every attack sample, and finds nothing in the benign look-alikes', async () => {
    const corpus = fixtureFiles(CORPUS);
    delete corpus['manifest.json'];
    // Every file of the folder is listed, so a sample added without its rule fails here.
    expect(Object.keys(corpus).sort()).toEqual(Object.keys(manifest.samples).sort());
    // The pack imports every Python sample, as malware hidden in a pack's own modules would be.
    const packages = ['evasion', 'benign'];
    const imports = packages.map((folder) => {
      const modules = Object.keys(corpus).flatMap((p) =>
        p.startsWith(`${folder}/`) && p.endsWith('.py') ? [p.slice(folder.length + 1, -3)] : [],
      );
      return `from .${folder} import ${modules.join(', ')}`;
    });
    const init = `${new TextDecoder().decode(fixtureFile('clean-pack/__init__.py'))}\n${imports.join('\n')}\n`;
    const result = await analyzeArchive(
      zipFixture('clean-pack', { ...corpus, '__init__.py': init, 'evasion/__init__.py': '', 'benign/__init__.py': '' }),
      { name: 'comfyui-image-blend-tools', version: '1.4.0' },
      testLimits,
    );
    if (!result.ok) throw new Error(result.reason);
    const rulesBySample = Object.fromEntries(
      Object.keys(manifest.samples).map((path) => [
        path,
        result.findings
          .filter((f) => f.file_path === path)
          .map((f) => `${f.issue_type}${f.grade === 'hold' ? '' : ` (${f.grade})`}`),
      ]),
    );
    const missed = Object.entries(manifest.samples).filter(([path, rule]) =>
      rule === null ? (rulesBySample[path] ?? []).length > 0 : !(rulesBySample[path] ?? []).includes(rule),
    );
    expect(missed.map(([path, rule]) => ({ path, expected: rule, found: rulesBySample[path] }))).toEqual([]);
  });
});
