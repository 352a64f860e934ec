import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnalyserPool, AnalysisLimitError } from '../../src/modules/pipeline/analyser-pool.js';
import { packZip } from '../helpers/pack-zip.js';

const limits = {
  maxArchiveBytes: 1e8,
  maxEntries: 1000,
  maxUncompressedBytes: 1e9,
  maxCompressionRatio: 200,
  maxSourceFileBytes: 1e6,
  maxSourceBytes: 1e7,
  maxTextBytes: 2e7,
};
const expected = { name: 'hello', version: '1.0.0' };
const misbehaving = new URL('./fixtures/misbehaving-worker.ts', import.meta.url);

describe('AnalyserPool', () => {
  it('runs the real analyser in a worker thread', async () => {
    const zip = path.join(mkdtempSync(path.join(os.tmpdir(), 'pool-')), 'node.zip');
    writeFileSync(zip, packZip(expected));
    const pool = new AnalyserPool({ size: 1, timeoutMs: 60_000 });
    try {
      const analysis = await pool.analyze(zip, expected, limits);
      expect(analysis).toMatchObject({
        ok: true,
        findings: [],
        comfyNodes: [expect.objectContaining({ name: 'HelloNode' })],
      });
    } finally {
      await pool.close();
    }
  });

  it('stops an analysis that runs past the timeout and keeps serving with a fresh thread', async () => {
    // The budget includes starting a fresh thread, which took over 5 s on a machine under a load
    // of 30: the ceiling is far above that, and only the hanging analysis waits it out.
    const pool = new AnalyserPool({ size: 1, timeoutMs: 40_000, script: misbehaving });
    try {
      await expect(pool.analyze('hang', expected, limits)).rejects.toThrow(
        'archive analysis took longer than 40 s; the archive is too large or too complex to analyse',
      );
      await expect(pool.analyze('after', expected, limits)).rejects.toThrow('echo after');
    } finally {
      await pool.close();
    }
  });

  it('fails the analysis of a thread that dies, and replaces the thread', async () => {
    const pool = new AnalyserPool({ size: 2, timeoutMs: 30_000, script: misbehaving });
    try {
      await expect(pool.analyze('crash', expected, limits)).rejects.toThrow(
        'the analyser thread stopped (exit code 3)',
      );
      const answers = await Promise.allSettled(['a', 'b', 'c'].map((p) => pool.analyze(p, expected, limits)));
      expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : 'ok'))).toEqual([
        'echo a',
        'echo b',
        'echo c',
      ]);
    } finally {
      await pool.close();
    }
  });

  it('stops an analysis that passes its heap limit, as a final limit error, and keeps serving', async () => {
    const pool = new AnalyserPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 64, script: misbehaving });
    try {
      const failure = pool.analyze('hog', expected, limits);
      await expect(failure).rejects.toBeInstanceOf(AnalysisLimitError);
      await expect(failure).rejects.toThrow(
        'archive analysis needed more than 64 MB of memory; the archive is too large or too complex to analyse',
      );
      await expect(pool.analyze('after', expected, limits)).rejects.toThrow('echo after');
    } finally {
      await pool.close();
    }
  });
});
