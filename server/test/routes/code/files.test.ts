import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { VIEW_LIMIT_BYTES } from '../../../src/modules/code/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack, storeArchive } from '../../helpers/catalogue.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const realPacks = path.resolve(root, '../shared/corpus/real-packs');
const text = (s: string) => new TextEncoder().encode(s);
const TIME = new Date('2026-01-01T00:00:00Z');

/** Pack `pack` of `acme` with the given archives as Active versions. */
async function packWith(archives: Record<string, Buffer>): Promise<TestApp> {
  const t = await buildTestApp();
  const publisher = await t.factories.publisher({ id: 'acme' });
  const versions = Object.keys(archives).map((version) => ({ version, archive: false }));
  const { versions: rows } = await seedPack(t, { id: 'pack', publisher, versions });
  for (const row of rows) {
    const bytes = archives[row.version];
    if (!bytes) continue;
    const file = await storeArchive(t, `acme/pack/${row.version}/node.zip`, bytes);
    await t.ctx.db.updateTable('node_versions').set({ storage_file_id: file.id }).where('id', '=', row.id).execute();
  }
  return t;
}

const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files, { mtime: TIME }));

const v1 = zip({
  'pack/__init__.py': text('import os\n\nNODE_CLASS_MAPPINGS = {}\n'),
  'pack/README.md': text('# Pack\n\n![shot](docs/shot.png)\n'),
  'pack/docs/shot.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
  'pack/data.bin': new Uint8Array([1, 0, 2, 0, 3]),
  'pack/old.py': text('print("bye")\n'),
});
const v2 = zip({
  'pack/__init__.py': text('import os\nimport sys\n\nNODE_CLASS_MAPPINGS = {"A": 1}\n'),
  'pack/README.md': text('# Pack\n\n![shot](docs/shot.png)\n'),
  'pack/docs/shot.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 4]),
  'pack/data.bin': new Uint8Array([1, 0, 2, 0, 3]),
  'pack/new.js': text('export const a = 1;'),
});

describe('GET /nodes/{id}/versions/{v}/files', () => {
  it('lists every file with its size, kind and language, and the folder they are wrapped in', async () => {
    const t = await packWith({ '1.0.0': v1 });
    const res = await t.anon.get('/nodes/pack/versions/1.0.0/files');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      node_id: 'pack',
      version: '1.0.0',
      root: 'pack/',
      file_count: 5,
      total_bytes: 36 + 31 + 10 + 5 + 13,
      files: [
        { path: 'pack/README.md', size: 31, kind: 'text', language: 'markdown' },
        { path: 'pack/__init__.py', size: 36, kind: 'text', language: 'python' },
        { path: 'pack/data.bin', size: 5, kind: 'binary', language: null },
        { path: 'pack/docs/shot.png', size: 10, kind: 'binary', language: null },
        { path: 'pack/old.py', size: 13, kind: 'text', language: 'python' },
      ],
    });
    // The same archive always gives the same answer, so a client may keep it.
    const again = await t.anon.get('/nodes/pack/versions/1.0.0/files', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 422 for an archive whose names the publishing checks refuse, showing none of it', async () => {
    const t = await packWith({ '1.0.0': zip({ '../escape.py': text('x') }) });
    const res = await t.anon.get('/nodes/pack/versions/1.0.0/files');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Archive cannot be shown',
      error: expect.stringContaining('escape.py'),
      code: 'code.archive_unreadable',
      params: {},
    });
  });

  it('answers 400 for a version that is not a version and 404 for an unknown one', async () => {
    const t = await packWith({ '1.0.0': v1 });
    expect((await t.anon.get('/nodes/pack/versions/nope/files')).statusCode).toBe(400);
    expect((await t.anon.get('/nodes/pack/versions/9.9.9/files')).json()).toEqual({
      message: 'Node version not found',
      error: expect.any(String),
    });
    expect((await t.anon.get('/nodes/other/versions/1.0.0/files')).statusCode).toBe(404);
  });
});

describe('GET /nodes/{id}/versions/{v}/files/{path}', () => {
  it('returns a text file with its line count', async () => {
    const t = await packWith({ '1.0.0': v1 });
    const res = await t.anon.get('/nodes/pack/versions/1.0.0/files/pack/__init__.py');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      node_id: 'pack',
      version: '1.0.0',
      path: 'pack/__init__.py',
      size: 36,
      language: 'python',
      binary: false,
      truncated: false,
      limit_bytes: VIEW_LIMIT_BYTES,
      content: 'import os\n\nNODE_CLASS_MAPPINGS = {}\n',
      line_count: 3,
      longest_line: 24,
    });
  });

  it('resolves a path from the pack root, as a README’s relative links are written', async () => {
    const t = await packWith({ '1.0.0': v1 });
    const res = await t.anon.get('/nodes/pack/versions/1.0.0/files/old.py');
    expect(res.json()).toMatchObject({ path: 'pack/old.py', content: 'print("bye")\n' });
  });

  it('reads a path whose slashes are percent-encoded, as generated clients send it', async () => {
    const t = await packWith({ '1.0.0': v1 });
    const res = await t.anon.get('/nodes/pack/versions/1.0.0/files/pack%2Fold.py');
    expect(res.json()).toMatchObject({ path: 'pack/old.py' });
  });

  it('shows a binary file as its size only', async () => {
    const t = await packWith({ '1.0.0': v1 });
    expect((await t.anon.get('/nodes/pack/versions/1.0.0/files/pack/data.bin')).json()).toMatchObject({
      binary: true,
      size: 5,
      content: null,
      line_count: null,
    });
  });

  it('cuts a file over the limit at the limit', async () => {
    // Hexadecimal lines compress about 2-fold, well inside the archive checks' ratio limit.
    const big = Array.from({ length: 20972 }, () => `${randomBytes(49).toString('hex')}x\n`).join('');
    const t = await packWith({ '1.0.0': zip({ 'big.py': text(big) }) });
    const body = (await t.anon.get('/nodes/pack/versions/1.0.0/files/big.py')).json();
    expect(body).toMatchObject({ truncated: true, size: 2097200, line_count: Math.ceil(VIEW_LIMIT_BYTES / 100) });
    expect(body.content).toHaveLength(VIEW_LIMIT_BYTES);
  });

  it('answers 404 naming the path for a file the archive does not have, and for traversal attempts', async () => {
    const t = await packWith({ '1.0.0': v1 });
    for (const url of ['/nodes/pack/versions/1.0.0/files/pack/nope.py', '/nodes/pack/versions/1.0.0/files/pack/../x']) {
      const res = await t.anon.get(url);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /nodes/{id}/versions/{v}/raw/{path}', () => {
  it('sends images as images for a README and everything else as a download, never sniffed', async () => {
    const t = await packWith({ '1.0.0': v1 });
    const image = await t.anon.get('/nodes/pack/versions/1.0.0/raw/docs/shot.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]));
    const code = await t.anon.get('/nodes/pack/versions/1.0.0/raw/pack/__init__.py');
    expect(code.headers['content-type']).toBe('application/octet-stream');
    expect(code.headers['content-disposition']).toBe("attachment; filename*=UTF-8''__init__.py");
    expect(code.headers['x-content-type-options']).toBe('nosniff');
    expect(code.body).toBe('import os\n\nNODE_CLASS_MAPPINGS = {}\n');
  });
});

describe('GET /nodes/{id}/compare/{from}...{to}', () => {
  it('lists added, removed and modified files with their diffs, leaving out unchanged ones', async () => {
    const t = await packWith({ '1.0.0': v1, '1.1.0': v2 });
    const res = await t.anon.get('/nodes/pack/compare/1.0.0...1.1.0');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      node_id: 'pack',
      from: '1.0.0',
      to: '1.1.0',
      unchanged: 2,
      added: 1,
      removed: 1,
      modified: 2,
      additions: 3,
      deletions: 2,
      files: [
        {
          path: 'pack/__init__.py',
          status: 'modified',
          old_size: 36,
          new_size: 53,
          diff: 'shown',
          additions: 2,
          deletions: 1,
          hunks: [
            {
              old_start: 1,
              old_lines: 3,
              new_start: 1,
              new_lines: 4,
              lines: [' import os', '+import sys', ' ', '-NODE_CLASS_MAPPINGS = {}', '+NODE_CLASS_MAPPINGS = {"A": 1}'],
            },
          ],
        },
        {
          path: 'pack/docs/shot.png',
          status: 'modified',
          old_size: 10,
          new_size: 10,
          diff: 'binary',
          additions: null,
          deletions: null,
          hunks: [],
        },
        {
          path: 'pack/new.js',
          status: 'added',
          old_size: null,
          new_size: 19,
          diff: 'shown',
          additions: 1,
          deletions: 0,
          hunks: [
            {
              old_start: 0,
              old_lines: 0,
              new_start: 1,
              new_lines: 1,
              lines: ['+export const a = 1;', '\\ No newline at end of file'],
            },
          ],
        },
        {
          path: 'pack/old.py',
          status: 'removed',
          old_size: 13,
          new_size: null,
          diff: 'shown',
          additions: 0,
          deletions: 1,
          hunks: [{ old_start: 1, old_lines: 1, new_start: 0, new_lines: 0, lines: ['-print("bye")'] }],
        },
      ],
    });
  });

  it('compares one file when asked with path', async () => {
    const t = await packWith({ '1.0.0': v1, '1.1.0': v2 });
    const res = await t.anon.get('/nodes/pack/compare/1.0.0...1.1.0?path=pack/old.py');
    expect(res.json()).toMatchObject({ unchanged: 0, removed: 1, modified: 0, files: [{ path: 'pack/old.py' }] });
  });

  it('answers 400 for a range that is not from...to', async () => {
    const t = await packWith({ '1.0.0': v1 });
    for (const range of ['1.0.0', '1.0.0..1.0.0', '...1.0.0', '1.0.0...']) {
      const res = await t.anon.get(`/nodes/pack/compare/${range}`);
      expect({ range, status: res.statusCode }).toEqual({ range, status: 400 });
    }
  });

  it('diffs the largest real pack against a modified copy of itself', async () => {
    const original = readFileSync(path.join(realPacks, 'comfyui-lora-manager.zip'));
    const files = unzipSync(original);
    const python = Object.keys(files)
      .filter((name) => name.endsWith('.py'))
      .sort();
    const changed = python.filter((_, i) => i % 10 === 0);
    for (const name of changed) files[name] = text(`${new TextDecoder().decode(files[name])}\n# changed\n`);
    const removed = python[1] ?? '';
    delete files[removed];
    files['added/notes.md'] = text('new\n');
    const t = await packWith({ '1.0.0': original, '1.0.1': zip(files) });
    const res = (await t.anon.get('/nodes/pack/compare/1.0.0...1.0.1')).json();
    expect(res).toMatchObject({ added: 1, removed: 1, modified: changed.length, additions: 2 * changed.length + 1 });
    expect(res.files.map((f: { path: string }) => f.path)).toEqual([...changed, removed, 'added/notes.md'].sort());
  });
});
