import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { serializePublisher } from '../catalogue/serialize.js';
import type { PublisherJson } from '../catalogue/wire.js';
import { type MemberRow, membersOf, type PublisherRow } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A member as the serializer wants it. */
export function memberInput(m: MemberRow) {
  return { userId: m.user_id, name: m.name, email: m.email, role: m.role };
}

/** Publishers with their members in one extra query; e-mails only when `showEmails`. */
export async function presentPublishers(db: Db, rows: PublisherRow[], showEmails: boolean): Promise<PublisherJson[]> {
  const byPublisher = new Map<string, MemberRow[]>();
  // A long list reads every membership at once instead of binding thousands of parameters.
  const ids = rows.length > 200 ? null : rows.map((r) => r.id);
  for (const m of await membersOf(db, ids)) {
    const list = byPublisher.get(m.publisher_id);
    if (list) list.push(m);
    else byPublisher.set(m.publisher_id, [m]);
  }
  return rows.map((row) => serializePublisher(row, (byPublisher.get(row.id) ?? []).map(memberInput), { showEmails }));
}

/** One publisher with its members. */
export async function presentPublisher(db: Db, row: PublisherRow, showEmails: boolean): Promise<PublisherJson> {
  const [json] = await presentPublishers(db, [row], showEmails);
  if (!json) throw new Error(`publisher ${row.id} vanished while presenting it`);
  return json;
}

/** Members in the same shape `Publisher.members` uses (the catalogue serializer is the one source). */
export function presentMembers(publisher: PublisherRow, members: MemberRow[], showEmails: boolean) {
  return serializePublisher(publisher, members.map(memberInput), { showEmails }).members;
}
