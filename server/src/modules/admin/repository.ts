import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database, NodeStatus, PublisherStatus, UserStatus } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { countAndPage, type PageWindow } from '../../lib/paging.js';
import { containsAny, lower } from '../../lib/sql-like.js';

/** The queries of the admin lists, the dashboard and account moderation. */

type Db = Kysely<Database> | Transaction<Database>;

/** Every pack in these statuses whose id or name contains `text` (lower-case), newest first. */
export function pageOfNodes(db: Db, filter: { statuses: NodeStatus[]; text?: string | undefined }, window: PageWindow) {
  let query = db.selectFrom('nodes').where('status', 'in', filter.statuses);
  if (filter.text) query = query.where(containsAny([sql.ref('normalized_id'), lower('name')], filter.text));
  return countAndPage(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), window);
}

/** Accounts whose e-mail or name contains `text` (lower-case), newest first. */
export function pageOfUsers(db: Db, filter: { text?: string | undefined }, window: PageWindow) {
  let query = db.selectFrom('users');
  if (filter.text) query = query.where(containsAny([lower('email'), lower('name')], filter.text));
  return countAndPage(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), window);
}

/** Publishers in these statuses whose id or name contains `text` (lower-case), by id. */
export function pageOfPublishers(
  db: Db,
  filter: { statuses: PublisherStatus[]; text?: string | undefined },
  window: PageWindow,
) {
  let query = db.selectFrom('publishers').where('status', 'in', filter.statuses);
  if (filter.text) query = query.where(containsAny([lower('id'), lower('name')], filter.text));
  return countAndPage(query, (q) => q.selectAll().orderBy('id'), window);
}

/** The dashboard's counts; `since` bounds "packs created lately". */
export async function adminCounts(db: Db, since: string) {
  const count = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) =>
    Number((await query.executeTakeFirst())?.n ?? 0);
  const versions = (status: 'NodeVersionStatusPending' | 'NodeVersionStatusFlagged') =>
    db
      .selectFrom('node_versions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', status);
  const nodes = db.selectFrom('nodes').select((eb) => eb.fn.countAll().as('n'));
  const [pending, flagged, banned, recent, users, publishers] = await Promise.all([
    count(versions('NodeVersionStatusPending')),
    count(versions('NodeVersionStatusFlagged')),
    count(nodes.where('status', '=', 'NodeStatusBanned')),
    count(nodes.where('created_at', '>=', since)),
    count(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'))),
    count(db.selectFrom('publishers').select((eb) => eb.fn.countAll().as('n'))),
  ]);
  return { pending, flagged, banned, recent, users, publishers };
}

/** The id of the account with this e-mail (any case), if there is one. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<SqlBool>`lower(email) = ${email.trim().toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** How many active (not banned) admins there are. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('is_admin', '=', true)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets the role and ban state given, stamps `updated_at`, and returns the account as it is now. */
export function updateUserRow(
  db: Db,
  userId: string,
  patch: { is_admin?: boolean; status?: UserStatus; status_reason?: string },
) {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
