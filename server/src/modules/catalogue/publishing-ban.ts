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

/**
 * Each ban's sentence, and the pattern that reads it back (a stored status reason keeps only the
 * sentence). Ids never contain spaces, so `(\S+)` takes exactly the id.
 */
const BAN_SENTENCES: Record<BanHolder, { write(id: string): string; read: RegExp; param?: string }> = {
  publisher: {
    write: (id) => `the publisher ${id} is banned`,
    read: /^the publisher (\S+) is banned$/,
    param: 'publisherId',
  },
  pack: { write: (id) => `the node ${id} is banned`, read: /^the node (\S+) is banned$/, param: 'nodeId' },
  token_creator: {
    write: () => 'the account that created the publishing token is banned',
    read: /^the account that created the publishing token is banned$/,
  },
  owner: {
    write: (id) => `an owner of the publisher ${id} is banned`,
    read: /^an owner of the publisher (\S+) is banned$/,
    param: 'publisherId',
  },
};

function banOf(holder: BanHolder, id = ''): Ban {
  const sentence = BAN_SENTENCES[holder];
  return { text: sentence.write(id), holder, params: sentence.param ? { [sentence.param]: id } : {} };
}

/** Prefix of the reason of a version refused because a ban landed before its processing ended. */
export const BANNED_PREFIX = 'Not published: ';

/** The code and parameters of a ban's sentence (`publishing.banned_<holder>`), or null for other text. */
export function readPublishingBan(text: string): { code: string; params: Record<string, string> } | null {
  for (const [holder, sentence] of Object.entries(BAN_SENTENCES)) {
    const match = sentence.read.exec(text);
    if (!match) continue;
    return {
      code: `publishing.banned_${holder}`,
      params: sentence.param ? { [sentence.param]: match[1] ?? '' } : {},
    };
  }
  return null;
}

async function findBan(
  db: Db,
  publisherId: string,
  nodeId: string,
  tokenCreatorId?: string | null,
): Promise<Ban | undefined> {
  const publisher = await db.selectFrom('publishers').select('status').where('id', '=', publisherId).executeTakeFirst();
  if (publisher?.status === 'PublisherStatusBanned') {
    return banOf('publisher', publisherId);
  }
  const pack = await db
    .selectFrom('nodes')
    .select(['id', 'status'])
    .where('normalized_id', '=', normalizeNodeId(nodeId))
    .executeTakeFirst();
  if (pack?.status === 'NodeStatusBanned') {
    return banOf('pack', pack.id);
  }
  if (tokenCreatorId) {
    const creator = await db.selectFrom('users').select('status').where('id', '=', tokenCreatorId).executeTakeFirst();
    if (creator?.status === 'BANNED') {
      return banOf('token_creator');
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
    return banOf('owner', publisherId);
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
