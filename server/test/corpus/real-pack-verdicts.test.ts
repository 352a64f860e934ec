import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScanFinding } from '../../src/engines/archive/types.js';
import { decideOutcome } from '../../src/modules/pipeline/outcome.js';
import { analyseRealPacks, realPacks } from './real-packs.js';

/**
 * The reviewed verdict on each real pack: every hold names its rule, file and code and says why a
 * reviewer must see it; every label and every other finding is listed as `grade rule file:line`.
 */
interface PackExpectation {
  holds: { rule: string; file: string; code: string; why: string }[];
  labels: string[];
  findings: string[];
}

const EXPECTATIONS = JSON.parse(readFileSync(join(import.meta.dirname, 'real-pack-verdicts.json'), 'utf8')) as {
  packs: Record<string, PackExpectation>;
};

const line = (f: ScanFinding) => `${f.grade ?? 'hold'} ${f.issue_type} ${f.file_path}:${f.line_number}`;

// The analysis touches no database, so the PostgreSQL run of the suite leaves it to the SQLite run.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('verdicts on the real-pack corpus', () => {
  it('holds no benign pack except for a reviewed concern, and gives each pack exactly its reviewed labels', async () => {
    const packs = realPacks();
    expect(Object.keys(EXPECTATIONS.packs).sort()).toEqual(packs.map((p) => p.id).sort());
    const analyses = await analyseRealPacks(packs);
    const actual: Record<string, PackExpectation & { status: string }> = {};
    const expected: Record<string, PackExpectation & { status: string }> = {};
    for (const pack of packs) {
      const analysis = analyses.get(pack.id);
      if (!analysis?.ok) throw new Error(`${pack.id}: ${analysis ? analysis.reason : 'not analysed'}`);
      const outcome = decideOutcome(analysis, { requireReview: false });
      const want = EXPECTATIONS.packs[pack.id] ?? { holds: [], labels: [], findings: [] };
      const holds = analysis.findings.filter((f) => f.grade !== 'label');
      actual[pack.id] = {
        status: outcome.status,
        holds: holds.map((f) => ({
          rule: f.issue_type,
          file: f.file_path,
          code: f.code_snippet,
          why: want.holds.find((h) => h.rule === f.issue_type && h.file === f.file_path)?.why ?? '(not reviewed)',
        })),
        labels: outcome.labels ?? [],
        findings: analysis.findings.map(line),
      };
      expected[pack.id] = {
        status: want.holds.length > 0 ? 'NodeVersionStatusFlagged' : 'NodeVersionStatusActive',
        ...want,
      };
    }
    expect(actual).toEqual(expected);
  }, 600_000);
});
