import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The version's status changes, oldest first, with the acting admin's name. */
export function decisionsOf(db: Kysely<Database>, versionId: string) {
  return db
    .selectFrom('node_version_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.actor_user_id')
    .select(['h.from_status', 'h.to_status', 'h.to_reason', 'h.actor_user_id', 'u.name as actor_name', 'h.created_at'])
    .where('h.node_version_id', '=', versionId)
    .orderBy('h.created_at', 'asc')
    .orderBy('h.id', 'asc')
    .execute();
}

/** The stored archive's digest, size and what the digest was checked against. */
export function archiveOf(db: Kysely<Database>, storageFileId: string | null) {
  if (storageFileId === null) return Promise.resolve(undefined);
  return db
    .selectFrom('storage_files')
    .select(['sha256', 'size_bytes', 'hash_source'])
    .where('id', '=', storageFileId)
    .executeTakeFirst();
}
