import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, gone, notFound, unauthorized, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashTokenSecret } from '../tokens/secrets.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The path under which upload URLs live; the secret follows it. */
export const UPLOAD_PATH_PREFIX = '/uploads/';

/** A freshly issued upload URL. */
export interface IssuedTicket {
  url: string;
  expiresAt: string;
}

/**
 * Issues the single-use upload URL for one version. The URL carries 256 random bits; only their
 * SHA-256 is stored, so a database leak yields no usable URL.
 */
export async function issueUploadTicket(
  db: Db,
  versionId: string,
  options: { publicApiUrl: string; ttlSeconds: number; now: Date; claimed?: boolean; tokenId?: string },
): Promise<IssuedTicket & { id: string }> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000).toISOString();
  const id = newId();
  await db
    .insertInto('upload_tickets')
    .values({
      id,
      token_hash: hashTokenSecret(secret),
      node_version_id: versionId,
      expires_at: expiresAt,
      // A browser upload holds its archive already: its ticket is taken at once, marking the upload in progress.
      used_at: options.claimed ? options.now.toISOString() : null,
      created_at: options.now.toISOString(),
      issued_by_token: options.tokenId ?? null,
    })
    .execute();
  return { id, url: `${options.publicApiUrl.replace(/\/$/, '')}${UPLOAD_PATH_PREFIX}${secret}`, expiresAt };
}

/** A ticket claimed for one upload. */
export interface ClaimedTicket {
  id: string;
  versionId: string;
}

/**
 * Takes a ticket for an upload, atomically: of two concurrent uploads with one URL only one gets
 * it. Unknown → 404, already used → 409, expired → 410.
 */
export async function claimUploadTicket(db: Kysely<Database>, secret: string, now: Date): Promise<ClaimedTicket> {
  const hash = hashTokenSecret(secret);
  const at = now.toISOString();
  const claimed = await db
    .updateTable('upload_tickets')
    .set({ used_at: at })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    // The token that asked for the URL must still be valid: a revoked one took its URLs with it
    // (its row is gone), an expired one no longer publishes.
    .where((eb) =>
      eb.or([
        eb('issued_by_token', 'is', null),
        eb.exists(
          eb
            .selectFrom('personal_access_tokens')
            .select('personal_access_tokens.id')
            .whereRef('personal_access_tokens.id', '=', 'upload_tickets.issued_by_token')
            .where((t) =>
              t.or([
                t('personal_access_tokens.expires_at', 'is', null),
                t('personal_access_tokens.expires_at', '>', at),
              ]),
            ),
        ),
      ]),
    )
    .returning(['id', 'node_version_id'])
    .executeTakeFirst();
  if (claimed) return { id: claimed.id, versionId: claimed.node_version_id };
  const ticket = await db
    .selectFrom('upload_tickets')
    .select(['used_at', 'expires_at', 'issued_by_token'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!ticket) {
    throw withCode(
      notFound('Upload URL not found', 'publish the version again to get a new upload URL'),
      'upload_url.unknown',
    );
  }
  if (ticket.used_at) {
    throw withCode(
      conflict('This upload URL was already used', 'each upload URL accepts one archive'),
      'upload_url.used',
    );
  }
  if (ticket.expires_at > at && ticket.issued_by_token) {
    throw withCode(
      unauthorized(
        'The token that issued this upload URL has expired',
        'create a new token on the publisher page and publish the version again',
      ),
      'upload_url.token_expired',
    );
  }
  throw withCode(
    gone(
      'This upload URL has expired',
      `it was valid until ${ticket.expires_at}; publish the version again for a new URL`,
    ),
    'upload_url.expired',
    { expiresAt: ticket.expires_at },
  );
}

/** How often a running upload marks its ticket as still in use. */
export const TICKET_HEARTBEAT_MS = 30_000;

/**
 * A claimed ticket not marked for this long belongs to no running upload (its process crashed):
 * the sweep gives it back and the version may be published again.
 */
export const TICKET_STALE_MS = 4 * TICKET_HEARTBEAT_MS;

/** Marks a claimed ticket as still in use by a running upload. */
export async function touchUploadTicket(db: Db, ticketId: string, now: Date): Promise<void> {
  await db
    .updateTable('upload_tickets')
    .set({ used_at: now.toISOString() })
    .where('id', '=', ticketId)
    .where('used_at', 'is not', null)
    .execute();
}

/**
 * Gives back the tickets of uploads that died with their process: claimed before `before` (no
 * heartbeat since), for a version still Pending without an archive. Returns how many.
 */
export async function releaseStaleTickets(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .updateTable('upload_tickets')
    .set({ used_at: null })
    .where('used_at', '<', before.toISOString())
    .where('node_version_id', 'in', (qb) =>
      qb
        .selectFrom('node_versions')
        .select('id')
        .where('status', '=', 'NodeVersionStatusPending')
        .where('storage_file_id', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives a claimed ticket back after an upload that stored nothing (too large, interrupted). */
export async function releaseUploadTicket(db: Kysely<Database>, ticketId: string): Promise<void> {
  await db.updateTable('upload_tickets').set({ used_at: null }).where('id', '=', ticketId).execute();
}
