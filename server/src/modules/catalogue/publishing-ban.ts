import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden, type HttpError, withCode } from '../../lib/errors.js';
import { normalizeNodeId } from './node-id.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Why publishing to a pack is refused by a ban, as one sentence for `status_reason` and 403 details. */
export type PublishingBan = string;

/**
 * The ban, if any, that stops a version of `nodeId` by `publisherId` from being published,
 * uploaded or made installable: the publisher is banned, the pack is banned, the account that
 * created the publishing token is banned, or an owner of the publisher is banned. The last one
 * matters because a publishing token works without a sign-in: a banned owner still knows the
 * tokens of their publisher, so their publisher publishes nothing until an admin lifts the ban
 * or removes them. Checked at publish, at upload and again when processing ends, since a ban can
 * land between any two of those steps.
 */
export async function findPublishingBan(
  db: Db,
  publisherId: string,
  nodeId: string,
  tokenCreatorId?: string | null,
): Promise<PublishingBan | undefined> {
  return (await findBan(db, publisherId, nodeId, tokenCreatorId))?.text;
}

/** Whose ban it is: the stable part of its code (`publishing.banned_owner`). */
type BanHolder = 'publisher' | 'pack' | 'token_creator' | 'owner';

interface Ban {
  text: PublishingBan;
  holder: BanHolder;
  params: Record<string, string>;
}

async function findBan(
  db: Db,
  publisherId: string,
  nodeId: string,
  tokenCreatorId?: string | null,
): Promise<Ban | undefined> {
  const publisher = await db.selectFrom('publishers').select('status').where('id', '=', publisherId).executeTakeFirst();
  if (publisher?.status === 'PublisherStatusBanned') {
    return { text: `the publisher ${publisherId} is banned`, holder: 'publisher', params: { publisherId } };
  }
  const pack = await db
    .selectFrom('nodes')
    .select(['id', 'status'])
    .where('normalized_id', '=', normalizeNodeId(nodeId))
    .executeTakeFirst();
  if (pack?.status === 'NodeStatusBanned') {
    return { text: `the node ${pack.id} is banned`, holder: 'pack', params: { nodeId: pack.id } };
  }
  if (tokenCreatorId) {
    const creator = await db.selectFrom('users').select('status').where('id', '=', tokenCreatorId).executeTakeFirst();
    if (creator?.status === 'BANNED') {
      return { text: 'the account that created the publishing token is banned', holder: 'token_creator', params: {} };
    }
  }
  const bannedOwner = await db
    .selectFrom('publisher_members')
    .innerJoin('users', 'users.id', 'publisher_members.user_id')
    .select('users.id')
    .where('publisher_members.publisher_id', '=', publisherId)
    .where('publisher_members.role', '=', 'owner')
    .where('users.status', '=', 'BANNED')
    .executeTakeFirst();
  if (bannedOwner) {
    return { text: `an owner of the publisher ${publisherId} is banned`, holder: 'owner', params: { publisherId } };
  }
  return undefined;
}

/** 403 `user/publisher is banned` (the public registry's words) naming the ban. */
function publishingBanned(ban: Ban): HttpError {
  return withCode(
    forbidden('user/publisher is banned', `${ban.text}; nothing can be published`),
    `publishing.banned_${ban.holder}`,
    ban.params,
  );
}

/** 403 unless publishing to the pack is free of bans. */
export async function requireNoPublishingBan(
  db: Db,
  publisherId: string,
  nodeId: string,
  tokenCreatorId?: string | null,
): Promise<void> {
  const ban = await findBan(db, publisherId, nodeId, tokenCreatorId);
  if (ban) throw publishingBanned(ban);
}
