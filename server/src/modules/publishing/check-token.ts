import type { Kysely, Selectable } from 'kysely';
import type { Database, NodesTable, PublishersTable } from '../../db/schema.js';
import { badRequest, forbidden, withCode } from '../../lib/errors.js';
import { requirePublishablePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import type { Provenance } from '../catalogue/provenance.js';
import { requireNoPublishingBan } from '../catalogue/publishing-ban.js';
import { verifyPublisherToken } from '../tokens/verify.js';
import { isGrantSecret, verifyPublishGrant } from '../trusted-publishing/grants.js';
import { findPublisherRow } from './repository.js';

/** Who may publish, as established by `checkPublishToken`. */
export interface PublishAccess {
  publisher: Selectable<PublishersTable>;
  /** The existing pack (any letter case of the path id), or undefined on first publish. */
  pack: Selectable<NodesTable> | undefined;
  /** How the version is published (the token's name and last four, or the trusted publisher's run). */
  provenance: Provenance;
  /**
   * The publishing token's id: its upload URL is tied to it, and its last use is recorded once the
   * publish succeeds. Absent for a trusted publishing credential, which is taken instead (`grantId`).
   */
  tokenId?: string;
  /** The trusted publishing credential, used up by this publish. */
  grantId?: string;
}

/**
 * The publish endpoint's gate, in the public registry's order (reference/registry-api.md §2.5):
 * 1. the publisher is banned → 403;
 * 2. the pack is banned → 403 `Node Banned`;
 * 3. the pack belongs to another publisher → 403 `Permission denied` (a new pack passes);
 * 4. the publisher does not exist → 400 `Failed to validate token`;
 * 5. the token is missing or not one of this publisher's → 400 `Invalid personal access token`.
 * Revoked tokens are deleted rows, so they fail step 5 like a wrong one. A token of this
 * publisher that has expired → 401, or is limited to other packs → 403 (see tokens/verify.ts).
 * 6. a ban of the token's creator or of an owner of the publisher → 403 (see catalogue/publishing-ban.ts).
 * A trusted publishing credential (`crt_…`, from an identity token exchange) takes step 5's place:
 * unknown → 400 as a wrong token, expired or already used → 401; the trusted publisher's creator
 * counts as the token's creator in step 6.
 */
export async function checkPublishToken(
  db: Kysely<Database>,
  publisherId: string,
  nodeId: string,
  token: string | null | undefined,
): Promise<PublishAccess> {
  const publisher = await findPublisherRow(db, publisherId);
  if (publisher?.status === 'PublisherStatusBanned') {
    throw withCode(
      forbidden('Publisher Banned', `publisher ${publisherId} is banned and cannot publish`),
      'publisher.banned',
      { publisherId },
    );
  }
  const pack = await findPackByAnyCase(db, nodeId);
  requirePublishablePack(pack, publisherId);
  if (!publisher) {
    throw withCode(
      badRequest('Failed to validate token', `publisher ${publisherId} does not exist`),
      'publisher.not_found',
      { publisherId },
    );
  }
  if (token && isGrantSecret(token)) {
    const grant = await verifyPublishGrant(db, publisherId, token, new Date());
    if (!grant) throw withCode(badRequest('Invalid personal access token'), 'token.invalid');
    await requireNoPublishingBan(db, publisherId, nodeId, grant.createdBy);
    return { publisher, pack, provenance: grant.provenance, grantId: grant.grantId };
  }
  const tokenRow = token ? await verifyPublisherToken(db, publisherId, token, nodeId, { touch: false }) : null;
  // One code for a wrong, unknown or revoked token: revoking deletes the row, so they look alike.
  if (!tokenRow) throw withCode(badRequest('Invalid personal access token'), 'token.invalid');
  await requireNoPublishingBan(db, publisherId, nodeId, tokenRow.created_by);
  return {
    publisher,
    pack,
    provenance: { via: 'token', token_name: tokenRow.name, token_last_four: lastFour(tokenRow.token_last_four, token) },
    tokenId: tokenRow.id,
  };
}

/** The token's last four characters as stored, or read from the secret the caller just sent. */
function lastFour(stored: string | null, secret: string | null | undefined): string {
  return stored ?? (secret ?? '').slice(-4);
}
