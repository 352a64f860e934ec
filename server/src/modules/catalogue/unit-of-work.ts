import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../lib/events.js';
import { announceCatalogueChange, recordCatalogueChange } from './changes.js';

/** What a catalogue write needs from the application: its database and its event bus. */
export interface CatalogueTarget {
  db: Kysely<Database>;
  events: EventBus;
}

/** The handle a write works with inside its transaction. */
export interface CatalogueWork {
  trx: Transaction<Database>;
  /** Marks packs whose catalogue entry this write changes (search and caches follow them). */
  touch(...nodeIds: string[]): void;
  /** Runs `fn` once the transaction has committed (never when it rolls back). */
  afterCommit(fn: () => void): void;
}

/**
 * Every write to a pack or its versions, in one transaction: the work, then the change feed row
 * of each touched pack, so other instances catch up by polling `catalogue_changes`; after the
 * commit this instance's search index and caches are told at once. A writer calls this instead
 * of remembering the steps; a write that throws changes and announces nothing.
 */
export async function catalogueWrite<T>(
  target: CatalogueTarget,
  work: (write: CatalogueWork) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const after: (() => void)[] = [];
  const result = await target.db.transaction().execute(async (trx) => {
    const value = await work({
      trx,
      touch: (...nodeIds) => {
        for (const id of nodeIds) touched.add(id);
      },
      afterCommit: (fn) => {
        after.push(fn);
      },
    });
    await recordCatalogueChange(trx, [...touched]);
    return value;
  });
  announceCatalogueChange(target.events, [...touched]);
  for (const fn of after) fn();
  return result;
}
