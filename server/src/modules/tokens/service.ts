import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Viewer } from '../auth/viewer.js';
import { requirePublisherRead, requirePublisherWrite } from '../publishers/access.js';
import { deleteTokenOf, insertToken, listTokensOf, type TokenRow } from './repository.js';
import { generateTokenSecret, hashTokenSecret, maskToken, TOKEN_DISPLAY_CHARS } from './secrets.js';

/** A token as lists show it: never the secret, only its first characters. */
export interface TokenListEntry {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  lastUsedAt?: string;
  token: string;
}

/**
 * Creates a token for a publisher and returns its secret: the only time it is ever shown.
 * Used by `POST /publishers/{id}/tokens` (owners, admins) and `registry create-token` (viewer null).
 */
export async function issueToken(
  ctx: Pick<AppContext, 'db'>,
  publisherId: string,
  input: { name: string; description?: string | undefined },
  createdBy: string | null,
): Promise<{ token: string; row: TokenRow }> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw badRequest('Token name must be 1 to 100 characters');
  const secret = generateTokenSecret();
  const row = await insertToken(ctx.db, {
    id: newId(),
    publisher_id: publisherId,
    name,
    description: input.description ?? '',
    token_hash: hashTokenSecret(secret),
    token_prefix: secret.slice(0, TOKEN_DISPLAY_CHARS),
    created_by: createdBy,
  });
  return { token: secret, row };
}

/** `POST /publishers/{id}/tokens`: owners and admins; 201 `{token}`. */
export async function createToken(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  input: { name: string; description?: string | undefined },
): Promise<{ token: string }> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  const { token } = await issueToken(ctx, publisherId, input, viewer.id);
  return { token };
}

/** `GET /publishers/{id}/tokens`: owners and admins; masked. */
export async function listTokens(ctx: AppContext, viewer: Viewer, publisherId: string): Promise<TokenListEntry[]> {
  await requirePublisherRead(ctx.db, viewer, publisherId, 'manage-tokens');
  return (await listTokensOf(ctx.db, publisherId)).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at,
    ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
    token: maskToken(row.token_prefix),
  }));
}

/** `DELETE /publishers/{id}/tokens/{tokenId}`: owners and admins; 404 for another publisher's token. */
export async function revokeToken(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  tokenId: string,
): Promise<void> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-tokens');
  if (!(await deleteTokenOf(ctx.db, publisherId, tokenId))) throw notFound('Token not found');
}
