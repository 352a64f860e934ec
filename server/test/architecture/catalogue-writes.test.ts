import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';

/**
 * Packs and versions are written by the catalogue kernel (`modules/catalogue/`): `pack-rows.ts`
 * creates and changes pack rows, `version-status.ts` and `version-rows.ts` versions, and
 * `unit-of-work.ts` (`catalogueWrite`) records each write in the change feed and announces it
 * after commit. Every other module calls those. A write to `nodes` or `node_versions` elsewhere,
 * or a hand-made pair of "record the change" and "announce it", is how a rule (unique ids in any
 * case, a history row per status change, search catching up) gets skipped by the one writer that
 * forgot it.
 *
 * Outside the kernel only the bulk writers below may do either: they write thousands of rows per
 * transaction and record the change feed once per batch. A new file on this list needs a reason
 * as good as theirs. A write whose table is a variable counts as one of these, since the rule
 * cannot see which table it is.
 *
 * Creating a version is the kernel's alone, bulk writers included: `createVersion` and its batch
 * form `createVersions` write the version with its first history row, so no version exists
 * without a history (the demo catalogue, which the 100k benchmark is built from, used to be the
 * exception).
 */
const BULK_WRITERS: Record<string, string> = {
  'catalogue-import/repository.ts': 'the Manager-list import inserts and refreshes packs in batches',
  'catalogue-import/service.ts': 'the Manager-list import records one change per batch',
  'mirror/sync.ts': 'the upstream sync announces each page of packs it wrote',
  'mirror/pack-writer.ts': 'the upstream sync writes one mirrored pack with all its versions',
  'mirror/repository.ts': 'the upstream sync marks packs seen and removes mirrored copies',
  'bundle/import.ts': 'an offline bundle import writes a whole catalogue',
  'demo-seed/service.ts': 'the demo catalogue is written in batches',
  'demo-seed/repository.ts': 'the demo catalogue inserts its packs in batches (its versions go through createVersions)',
  'nodes/install-repository.ts': 'download counters: one statement per install, on the hottest path',
};

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/modules');

const QUERY_BUILDER_WRITE =
  /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"](?:nodes|node_versions)['"]/;
const RAW_SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(?:nodes|node_versions)\b/i;
const CHANGE_FEED_BY_HAND = /\b(?:recordCatalogueChange|announceCatalogueChange)\s*\(/;
const UNNAMED_TABLE_WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*[A-Za-z_$]/;
const VERSION_CREATE =
  /\binsertInto\(\s*['"]node_versions['"]|\b(?:insertInto|updateTable|deleteFrom)\(\s*['"]node_version_status_history['"]|\binsert\s+into\s+"?node_versions\b|\bnode_version_status_history\b[^;]*\b(?:insert|update|delete)\b/i;

/** What a source file does that only the kernel and the bulk writers may do, if anything. */
function catalogueWrites(source: string): string[] {
  const found: string[] = [];
  if (QUERY_BUILDER_WRITE.test(source) || RAW_SQL_WRITE.test(source) || UNNAMED_TABLE_WRITE.test(source))
    found.push('writes nodes or node_versions');
  if (CHANGE_FEED_BY_HAND.test(source)) found.push('records or announces catalogue changes by hand');
  return found;
}

/** Whether a source file creates versions or writes their history itself instead of through the kernel. */
function createsVersions(source: string): boolean {
  return VERSION_CREATE.test(source) || (UNNAMED_TABLE_WRITE.test(source) && /['"]node_versions['"]/.test(source));
}

describe('catalogue writes', () => {
  it('recognises the writes the rule is about', () => {
    expect(catalogueWrites("await trx.updateTable('nodes').set(patch)")).toEqual(['writes nodes or node_versions']);
    expect(catalogueWrites("db\n  .deleteFrom('node_versions')")).toEqual(['writes nodes or node_versions']);
    expect(catalogueWrites("const q = 'update node_versions set downloads = downloads + 1'")).toEqual([
      'writes nodes or node_versions',
    ]);
    expect(catalogueWrites('await recordCatalogueChange(trx, [id]);')).toEqual([
      'records or announces catalogue changes by hand',
    ]);
    expect(catalogueWrites("db.selectFrom('nodes').selectAll(); db.updateTable('node_files')")).toEqual([]);
    expect(catalogueWrites('await db.insertInto(table).values(rows)')).toEqual(['writes nodes or node_versions']);
    expect(createsVersions("await trx.insertInto('node_versions').values(row)")).toBe(true);
    expect(createsVersions("db.insertInto('node_version_status_history')")).toBe(true);
    expect(createsVersions("const tables = ['nodes', 'node_versions'];\nawait db.insertInto(table)")).toBe(true);
    expect(createsVersions('await createVersions(db, rows.node_versions, null); db.insertInto(table)')).toBe(false);
    expect(createsVersions("db.updateTable('node_versions').set({ deprecated: true })")).toBe(false);
  });

  it('create versions and their history only in the kernel, bulk writers included', () => {
    const offenders = sourceFiles(MODULES)
      .map((file) => relative(MODULES, file).split(sep).join('/'))
      .filter((file) => !file.startsWith('catalogue/'))
      .filter((file) => createsVersions(readFileSync(join(MODULES, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('happen only in catalogue/ and in the named bulk writers', () => {
    const offenders = sourceFiles(MODULES)
      .map((file) => relative(MODULES, file).split(sep).join('/'))
      .filter((file) => !file.startsWith('catalogue/') && !(file in BULK_WRITERS))
      .flatMap((file) => catalogueWrites(readFileSync(join(MODULES, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('lists no bulk writer that no longer writes', () => {
    const idle = Object.keys(BULK_WRITERS).filter(
      (file) => catalogueWrites(readFileSync(join(MODULES, file), 'utf8')).length === 0,
    );
    expect(idle).toEqual([]);
  });
});
