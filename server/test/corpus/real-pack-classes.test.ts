import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveAnalysis } from '../../src/engines/archive/types.js';
import { analyseRealPacks, type RealPack, realPacks } from './real-packs.js';

/** Reviewed exceptions: Manager names registered under another key, and names rightly not found. */
interface Expectation {
  why?: string;
  renamed?: Record<string, string>;
  missing?: Record<string, string>;
}

const expectations = JSON.parse(
  readFileSync(join(import.meta.dirname, 'real-pack-classes.expectations.json'), 'utf8'),
) as { packs: Record<string, Expectation> };

const MICRO_RECALL_TARGET = 0.99;

interface PackRecall {
  id: string;
  found: number;
  total: number;
  /** Manager names neither found nor explained. */
  unexplained: string[];
  /** Names the expectations call missing that are found after all (the file is out of date). */
  stale: string[];
}

function recallOf(pack: RealPack, analysis: ArchiveAnalysis | undefined): PackRecall {
  if (!analysis?.ok) throw new Error(`${pack.id}: the analysis failed: ${analysis?.reason ?? 'no result'}`);
  const names = new Set(analysis.comfyNodes.map((n) => n.name));
  const expected = expectations.packs[pack.id] ?? {};
  let found = 0;
  const unexplained: string[] = [];
  for (const name of pack.manager_classes) {
    const registered = expected.renamed?.[name] ?? name;
    if (names.has(registered)) found += 1;
    else if (!expected.missing?.[name]) unexplained.push(name);
  }
  const stale = Object.keys(expected.missing ?? {}).filter((name) => names.has(name));
  return { id: pack.id, found, total: pack.manager_classes.length, unexplained, stale };
}

// The analysis does not touch a database: it runs in the SQLite pass of `npm test` only.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('class recall on the real-pack corpus', () => {
  it('finds every class ComfyUI-Manager lists for each pack, except the reviewed exceptions', async () => {
    const packs = realPacks();
    const analyses = await analyseRealPacks(packs);
    const recalls = packs.map((pack) => recallOf(pack, analyses.get(pack.id)));
    const found = recalls.reduce((sum, r) => sum + r.found, 0);
    const total = recalls.reduce((sum, r) => sum + r.total, 0);
    process.stdout.write(`class recall (micro): ${found}/${total} = ${(found / total).toFixed(4)}\n`);
    // Every expectation names a pack of the corpus, so a renamed or removed pack is noticed.
    expect(Object.keys(expectations.packs).filter((id) => !packs.some((p) => p.id === id))).toEqual([]);
    expect(recalls.filter((r) => r.unexplained.length > 0).map((r) => ({ id: r.id, missed: r.unexplained }))).toEqual(
      [],
    );
    expect(recalls.filter((r) => r.stale.length > 0).map((r) => ({ id: r.id, foundAfterAll: r.stale }))).toEqual([]);
    expect(recalls.filter((r) => r.found === 0).map((r) => r.id)).toEqual([]);
    expect(found / total).toBeGreaterThanOrEqual(MICRO_RECALL_TARGET);
    // A ceiling, as for the verdicts test over the same archives: 46 analyses on a loaded machine.
  }, 600_000);
});
