import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/modules/archive/index.js';
import { fixtureFiles, testLimits, zipFixture } from './helpers/pack.js';

const CORPUS = 'scan-corpus';
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', CORPUS, 'manifest.json'), 'utf8')) as {
  samples: Record<string, string | null>;
};

describe('scanner evasion corpus', () => {
  it('fires the expected rule on every evasion sample and nothing on the benign ones', async () => {
    const corpus = fixtureFiles(CORPUS);
    delete corpus['manifest.json'];
    // Every file of the folder is listed, so a sample added without its rule fails here.
    expect(Object.keys(corpus).sort()).toEqual(Object.keys(manifest.samples).sort());
    const result = await analyzeArchive(
      zipFixture('clean-pack', corpus),
      { name: 'comfyui-image-blend-tools', version: '1.4.0' },
      testLimits,
    );
    if (!result.ok) throw new Error(result.reason);
    const rulesBySample = Object.fromEntries(
      Object.keys(manifest.samples).map((path) => [
        path,
        result.findings.filter((f) => f.file_path === path).map((f) => f.issue_type),
      ]),
    );
    const missed = Object.entries(manifest.samples).filter(([path, rule]) =>
      rule === null ? (rulesBySample[path] ?? []).length > 0 : !(rulesBySample[path] ?? []).includes(rule),
    );
    expect(missed.map(([path, rule]) => ({ path, expected: rule, found: rulesBySample[path] }))).toEqual([]);
  });
});
