import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import type { ArchiveLimits } from '../../../src/engines/archive/types.js';
import { afterThisFile } from '../../helpers/cleanup.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
let workDir: string | undefined;

/** The current test file's scratch folder, made on first use and removed when the file ends. */
function scratchDir(): string {
  if (workDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'archive-test-'));
    workDir = dir;
    // Only under vitest, so measurement scripts can reuse these helpers.
    if (process.env.VITEST)
      afterThisFile(() => {
        rmSync(dir, { recursive: true, force: true });
        workDir = undefined;
      });
  }
  return workDir;
}

/** Generous limits for tests that are not about limits. */
export const testLimits: ArchiveLimits = {
  maxArchiveBytes: 50 * 1024 * 1024,
  maxEntries: 1000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxSourceFileBytes: 1024 * 1024,
  maxSourceBytes: 16 * 1024 * 1024,
  maxTextBytes: 32 * 1024 * 1024,
};

/** Reads a fixture folder into `archive path → bytes`. */
export function fixtureFiles(name: string): Record<string, Uint8Array> {
  const root = join(FIXTURES, name);
  const out: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(root, full).split('\\').join('/')] = readFileSync(full);
    }
  };
  walk(root);
  return out;
}

/** Reads one fixture file as bytes. */
export function fixtureFile(path: string): Uint8Array {
  return readFileSync(join(FIXTURES, path));
}

let counter = 0;

/** Writes bytes to a fresh file in the test's temporary folder and returns its path. */
export function writeTemp(bytes: Uint8Array, name = 'node.zip'): string {
  counter += 1;
  const path = join(scratchDir(), `${counter}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

/** Zips files the way comfy-cli does (deflate, paths relative to the repository root) into a temp file. */
export function zipFiles(files: Record<string, Uint8Array | string>): string {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    zippable[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return writeTemp(zipSync(zippable, { level: 6 }));
}

/** Zips a fixture pack, with files added, replaced or (value null) removed. */
export function zipFixture(name: string, changes: Record<string, Uint8Array | string | null> = {}): string {
  const files: Record<string, Uint8Array | string> = fixtureFiles(name);
  for (const [path, content] of Object.entries(changes)) {
    if (content === null) delete files[path];
    else files[path] = content;
  }
  return zipFiles(files);
}
