import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Bound parameters per `IN (...)` list, below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Every comfy-node row of these class names: which pack (and version; null when imported) has it. */
export async function findOwnersOfClasses(
  db: Db,
  names: string[],
): Promise<{ name: string; node_id: string; node_version_id: string | null }[]> {
  const rows = await Promise.all(
    chunks(names).map((part) =>
      db.selectFrom('comfy_nodes').select(['name', 'node_id', 'node_version_id']).where('name', 'in', part).execute(),
    ),
  );
  return rows.flat();
}

/** Version strings of the given version ids. */
export async function findVersionStrings(db: Db, ids: string[]): Promise<{ id: string; version: string }[]> {
  const rows = await Promise.all(
    chunks(ids).map((part) =>
      db.selectFrom('node_versions').select(['id', 'version']).where('id', 'in', part).execute(),
    ),
  );
  return rows.flat();
}

/** When a catalogue import last changed the core class list (null: never imported into). */
export async function findCoreClassesChangedAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('core_comfy_nodes')
    .select((eb) => eb.fn.max('updated_at').as('changed_at'))
    .executeTakeFirst();
  const value: unknown = row?.changed_at;
  // PostgreSQL hands a timestamp back as a Date, SQLite as the stored text.
  return value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
}

/** Every class name that ships with ComfyUI, as the last catalogue import recorded it. */
export async function findCoreClassNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('core_comfy_nodes').select('name').execute();
  return rows.map((r) => r.name);
}
