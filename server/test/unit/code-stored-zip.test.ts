import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import type { AppContext } from '../../src/context.js';
import { archiveDirectory, openStoredArchive, readFileStart } from '../../src/modules/code/stored-zip.js';
import { realPacksDir } from '../helpers/real-packs.js';

const dir = mkdtempSync(path.join(tmpdir(), 'code-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The parts of the context the reader uses: the publishing limits and a local blob folder. */
const ctx = {
  config: loadConfig({ DATA_DIR: dir }),
  storage: { localPath: (key: string) => path.join(dir, key) },
} as unknown as AppContext;

async function readAll(ref: { storageKey: string; sha256: string }, name: string): Promise<string> {
  const archive = await openStoredArchive(ctx, ref);
  try {
    const file = archive.files.get(name);
    if (!file) throw new Error(`no ${name}`);
    return (await readFileStart(archive, file, file.size + 1)).bytes.toString('utf8');
  } finally {
    archive.close();
  }
}

describe('stored archive reader', () => {
  // The largest corpus archive (5 MB) puts most file data before the directory read up front.
  const largest = path.join(realPacksDir, 'comfyui-lora-manager.zip');
  const expected = unzipSync(readFileSync(largest));

  it('reads files lying before and inside the tail of a large real archive, again after its directory is cached', async () => {
    copyFileSync(largest, path.join(dir, 'large.zip'));
    const ref = { storageKey: 'large.zip', sha256: 'large' };
    const names = Object.keys(expected).filter((n) => n.endsWith('.py') || n.endsWith('.js'));
    const picked = [names[0], names[Math.floor(names.length / 2)], names[names.length - 1]] as string[];
    for (const round of [1, 2]) {
      for (const name of picked) {
        expect(await readAll(ref, name), `${name}, round ${round}`).toBe(
          new TextDecoder().decode(expected[name] as Uint8Array),
        );
      }
    }
    const directory = await archiveDirectory(ctx, ref);
    expect(directory.size).toBe(Object.keys(expected).filter((n) => !n.endsWith('/')).length);
  });

  it('keeps the directories of different archives apart, even under one storage key', async () => {
    writeFileSync(path.join(dir, 'a.zip'), zipSync({ 'pack/a.py': new TextEncoder().encode('A = 1\n') }));
    const first = { storageKey: 'a.zip', sha256: 'first' };
    expect(await readAll(first, 'pack/a.py')).toBe('A = 1\n');
    writeFileSync(path.join(dir, 'a.zip'), zipSync({ 'pack/b.py': new TextEncoder().encode('B = 2\n') }));
    const second = { storageKey: 'a.zip', sha256: 'second' };
    expect([...(await archiveDirectory(ctx, second)).keys()]).toEqual(['pack/b.py']);
    expect(await readAll(second, 'pack/b.py')).toBe('B = 2\n');
  });
});
