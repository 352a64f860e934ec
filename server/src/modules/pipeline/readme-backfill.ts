import type { AppContext } from '../../context.js';
import { findReadme, README_MAX_BYTES, readmeFromBytes } from '../../engines/archive/readme.js';
import { readArchive } from '../../engines/archive/zip/read-archive.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { listVersionsWithoutReadme, saveReadme } from '../readme/repository.js';
import { readStoredArchive } from './stored-archive.js';

const PAGE = 100;

export interface BackfillCounts {
  /** Versions whose archive was read. */
  read: number;
  /** READMEs stored. */
  found: number;
  /** Archives that are missing, altered or not a readable zip (left as they are). */
  unreadable: number;
}

/**
 * Reads the README of every version that has a stored archive and no README yet, from the
 * archive, without running or analysing anything else. Versions whose archive has none stay
 * without a row, so a second run reads only those again and stores nothing new: it is safe to
 * repeat and to stop at any point.
 */
export async function backfillReadmes(
  ctx: AppContext,
  onVersion: (version: {
    nodeId: string;
    version: string;
    outcome: 'found' | 'none' | 'unreadable';
  }) => void = () => {},
): Promise<BackfillCounts> {
  const counts: BackfillCounts = { read: 0, found: 0, unreadable: 0 };
  let after = '';
  for (;;) {
    const page = await listVersionsWithoutReadme(ctx.db, after, PAGE);
    if (page.length === 0) return counts;
    after = page[page.length - 1]?.id ?? after;
    for (const row of page) {
      counts.read++;
      const stored = await readStoredArchive(ctx, row, (zipPath, limits) =>
        readArchive(zipPath, limits, () => false, { pick: findReadme, maxBytes: README_MAX_BYTES }),
      );
      const read = stored.ok ? stored.value : null;
      if (!read?.ok) {
        counts.unreadable++;
        onVersion({ nodeId: row.node_id, version: row.version, outcome: 'unreadable' });
        continue;
      }
      const { excerpt } = read.contents;
      const readme = excerpt ? readmeFromBytes(excerpt.name, excerpt.size, excerpt.head) : null;
      if (!readme) {
        onVersion({ nodeId: row.node_id, version: row.version, outcome: 'none' });
        continue;
      }
      await catalogueWrite(ctx, async ({ trx, touch }) => {
        await saveReadme(trx, row.id, readme);
        touch(row.node_id);
      });
      counts.found++;
      onVersion({ nodeId: row.node_id, version: row.version, outcome: 'found' });
    }
  }
}
