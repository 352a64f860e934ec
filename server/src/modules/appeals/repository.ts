import type { Kysely, Transaction } from 'kysely';
import type { AppealAuthorRole, AppealDecision, Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One row of a thread with its author's name and address (empty once the account is gone). */
export interface AppealMessageRow {
  id: string;
  kind: 'message' | 'decision';
  author_role: AppealAuthorRole;
  author_id: string | null;
  author_name: string | null;
  author_email: string | null;
  decision: AppealDecision;
  body: string;
  created_at: string;
}

export async function insertAppealMessage(
  db: Db,
  row: {
    id: string;
    node_version_id: string;
    author_id: string;
    author_role: AppealAuthorRole;
    kind: 'message' | 'decision';
    decision?: AppealDecision;
    body: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('appeal_messages').values(row).execute();
}

/** A version's thread, oldest first; the id orders rows written in the same instant. */
export function listAppealMessages(db: Db, versionId: string): Promise<AppealMessageRow[]> {
  return db
    .selectFrom('appeal_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select([
      'm.id',
      'm.kind',
      'm.author_role',
      'm.author_id',
      'u.name as author_name',
      'u.email as author_email',
      'm.decision',
      'm.body',
      'm.created_at',
    ])
    .where('m.node_version_id', '=', versionId)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .execute();
}

/** The addresses of a publisher's members (owners and members) whose accounts are not banned. */
export function publisherMemberAddresses(db: Db, publisherId: string): Promise<{ email: string; name: string }[]> {
  return db
    .selectFrom('publisher_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['u.email', 'u.name'])
    .where('pm.publisher_id', '=', publisherId)
    .where('u.status', '=', 'ACTIVE')
    .orderBy('u.email')
    .execute();
}

/** When (epoch ms) an account wrote publisher messages since `since`, oldest first. */
export async function publisherMessageTimesSince(db: Db, authorId: string, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('appeal_messages')
    .select('created_at')
    .where('author_id', '=', authorId)
    .where('author_role', '=', 'publisher')
    .where('created_at', '>=', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.created_at).getTime());
}
