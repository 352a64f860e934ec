import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import { findReadme, README_MAX_BYTES } from '../../src/engines/archive/readme.js';
import { readArchive } from '../../src/engines/archive/zip/read-archive.js';
import { pyprojectFor } from '../helpers/pack-zip.js';
import { testLimits, zipFiles } from './helpers/pack.js';

const expected = { name: 'hello', version: '1.0.0' };
const pack = (files: Record<string, string | Uint8Array>) =>
  zipFiles({ 'pyproject.toml': pyprojectFor(expected), '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n', ...files });

async function readmeOf(files: Record<string, string | Uint8Array>) {
  const analysis = await analyzeArchive(pack(files), expected, testLimits);
  if (!analysis.ok) throw new Error(`the archive was refused: ${analysis.reason}`);
  return analysis.readme;
}

describe('the README in an archive', () => {
  it('is read from the pack root with its format and size', async () => {
    const text = '# Hello\n\nA pack that greets. ![shot](docs/shot.png)\n';
    expect(await readmeOf({ 'README.md': text, 'docs/guide.md': '# Guide\n' })).toEqual({
      fileName: 'README.md',
      format: 'markdown',
      content: text,
      sizeBytes: Buffer.byteLength(text),
      truncated: false,
    });
  });

  it('prefers Markdown over reStructuredText and plain text, whatever the case of the name', async () => {
    expect(await readmeOf({ 'readme.md': '# lower', 'README.txt': 'plain' })).toMatchObject({
      fileName: 'readme.md',
      format: 'markdown',
      content: '# lower',
    });
    expect(await readmeOf({ 'README.rst': 'Title\n=====\n', README: 'bare' })).toMatchObject({
      fileName: 'README.rst',
      format: 'rst',
    });
    expect(await readmeOf({ README: 'just text\n' })).toMatchObject({ fileName: 'README', format: 'text' });
  });

  it('is absent when the only README is in a subfolder, and the version is still accepted', async () => {
    const analysis = await analyzeArchive(
      pack({ 'docs/README.md': '# Docs', 'vendor/lib/README.md': '# Lib' }),
      expected,
      testLimits,
    );
    expect(analysis).toMatchObject({ ok: true, readme: null });
  });

  it('is absent when the archive has none', async () => {
    expect(await readmeOf({})).toBeNull();
  });

  it('is cut at 512 KiB with the cut marked, and the upload is not refused', async () => {
    // Two-byte characters with one ASCII byte in front put the limit inside a character; varied so
    // the zip's compression ratio stays that of real text.
    const alphabet = ['é', 'ß', 'ñ', 'α', 'β', 'ж', 'ü', 'ø'];
    let seed = 7;
    const letters = Array.from({ length: README_MAX_BYTES }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return alphabet[(seed >>> 16) % alphabet.length];
    });
    const text = `x${letters.join('')}`;
    const readme = await readmeOf({ 'README.md': text });
    expect(readme).toMatchObject({ fileName: 'README.md', sizeBytes: Buffer.byteLength(text), truncated: true });
    const content = readme?.content ?? '';
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(README_MAX_BYTES);
    expect(Buffer.byteLength(content)).toBeGreaterThan(README_MAX_BYTES - 4);
    expect(content).not.toContain('\uFFFD');
    expect(text.startsWith(content)).toBe(true);
  });

  it('ignores a README that is binary and shows invalid UTF-8 as replacement characters', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(await readmeOf({ 'README.md': png })).toBeNull();
    const latin1 = Uint8Array.from([...Buffer.from('Caf'), 0xe9, ...Buffer.from(' au lait\n')]);
    expect(await readmeOf({ 'README.md': latin1 })).toMatchObject({ content: 'Caf\uFFFD au lait\n', truncated: false });
  });

  it('drops a byte-order mark', async () => {
    expect(await readmeOf({ 'README.md': '\uFEFF# Title\n' })).toMatchObject({ content: '# Title\n' });
  });
});

describe('the pack root', () => {
  it('is the one folder everything is wrapped in, as in a repository download', async () => {
    expect(findReadme(['hello-main/README.md', 'hello-main/pyproject.toml', 'hello-main/docs/README.md'])).toBe(
      'hello-main/README.md',
    );
    const read = await readArchive(
      zipFiles({ 'hello-main/README.md': '# Wrapped\n', 'hello-main/__init__.py': '' }),
      testLimits,
      () => false,
      { pick: findReadme, maxBytes: README_MAX_BYTES },
    );
    expect(read).toMatchObject({
      ok: true,
      contents: { excerpt: { name: 'hello-main/README.md', size: 10, head: Buffer.from('# Wrapped\n') } },
    });
  });

  it('is the archive root as soon as anything sits there', () => {
    expect(findReadme(['pyproject.toml', 'hello-main/README.md'])).toBeNull();
    expect(findReadme(['a/README.md', 'b/README.md'])).toBeNull();
  });
});
