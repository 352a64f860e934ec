import type { AppContext } from '../../context.js';
import { badRequest, notFound, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Viewer } from '../auth/viewer.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { requirePublisherRead, requirePublisherWrite } from '../publishers/access.js';
import { deleteTokenOf, findPublisherPacks, insertToken, listTokensOf, type TokenRow } from './repository.js';
import { expiryAfterDays, MAX_TOKEN_DAYS, tokenPacks } from './scope.js';
import { generateTokenSecret, hashTokenSecret, maskToken, TOKEN_DISPLAY_CHARS, TOKEN_LAST_CHARS } from './secrets.js';

/** A token as lists show it: never the secret, only its first and last characters. */
export interface TokenListEntry {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  lastUsedAt?: string;
  expiresAt?: string;
  nodeIds?: string[];
  lastFour?: string;
  token: string;
}

/** What a new token may be given: a lifetime in days and the packs it is limited to. */
export interface TokenInput {
  name: string;
  description?: string | undefined;
  expiresInDays?: number | undefined;
  nodeIds?: string[] | undefined;
}

/**
 * The publisher's packs a new token is limited to, in their stored spelling; 400 naming any id
 * that is not one of the publisher's packs, so a typo never makes a token that publishes nothing.
 */
async function resolveScope(
  ctx: Pick<AppContext, 'db'>,
  publisherId: string,
  nodeIds: string[] | undefined,
): Promise<string[] | null> {
  if (nodeIds === undefined) return null;
  const wanted = [...new Set(nodeIds.map(normalizeNodeId))];
  const found = await findPublisherPacks(ctx.db, publisherId, wanted);
  const known = new Set(found.map((pack) => pack.normalized_id));
  const missing = nodeIds.filter((id) => !known.has(normalizeNodeId(id)));
  if (missing.length > 0) {
    throw withCode(badRequest(`Not a node of publisher ${publisherId}: ${missing.join(', ')}`), 'token.unknown_packs', {
      publisherId,
      nodeIds: missing.join(', '),
    });
  }
  return found.map((pack) => pack.id).sort();
}

/**
 * Creates a token for a publisher and returns its secret: the only time it is ever shown.
 * Used by `POST /publishers/{id}/tokens` (owners, admins) and `registry create-token` (viewer null).
 */
export async function issueToken(
  ctx: Pick<AppContext, 'db'>,
  publisherId: string,
  input: TokenInput,
  createdBy: string | null,
): Promise<{ token: string; row: TokenRow }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) {
    throw withCode(badRequest('Token name must be 1 to 100 characters'), 'token.name_length', { max: 100 });
  }
  const days = input.expiresInDays;
  if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)) {
    throw withCode(badRequest(`Token lifetime must be 1 to ${MAX_TOKEN_DAYS} days`), 'token.lifetime', {
      max: MAX_TOKEN_DAYS,
    });
  }
  const packs = await resolveScope(ctx, publisherId, input.nodeIds);
  const secret = generateTokenSecret();
  const row = await insertToken(ctx.db, {
    id: newId(),
    publisher_id: publisherId,
    name,
    description: input.description ?? '',
    token_hash: hashTokenSecret(secret),
    token_prefix: secret.slice(0, TOKEN_DISPLAY_CHARS),
    token_last_four: secret.slice(-TOKEN_LAST_CHARS),
    expires_at: days === undefined ? null : expiryAfterDays(new Date(), days),
    node_ids: packs === null ? null : JSON.stringify(packs),
    created_by: createdBy,
  });
  return { token: secret, row };
}

/** `POST /publishers/{id}/tokens`: owners and admins; 201 `{token}`. */
export async function createToken(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  input: TokenInput,
): Promise<{ token: string }> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  const { token } = await issueToken(ctx, publisherId, input, viewer.id);
  return { token };
}

/** `GET /publishers/{id}/tokens`: owners and admins; masked. */
export async function listTokens(ctx: AppContext, viewer: Viewer, publisherId: string): Promise<TokenListEntry[]> {
  await requirePublisherRead(ctx.db, viewer, publisherId, 'manage-tokens');
  return (await listTokensOf(ctx.db, publisherId)).map((row) => {
    const packs = tokenPacks(row);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      createdAt: row.created_at,
      ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
      ...(row.expires_at ? { expiresAt: row.expires_at } : {}),
      ...(packs ? { nodeIds: packs } : {}),
      ...(row.token_last_four ? { lastFour: row.token_last_four } : {}),
      token: maskToken(row.token_prefix, row.token_last_four),
    };
  });
}

/** `DELETE /publishers/{id}/tokens/{tokenId}`: owners and admins; 404 for another publisher's token. */
export async function revokeToken(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  tokenId: string,
): Promise<void> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  if (!(await deleteTokenOf(ctx.db, publisherId, tokenId)))
    throw withCode(notFound('Token not found'), 'token.not_found');
}
