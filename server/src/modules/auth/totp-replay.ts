import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type HookContext, twoFactorChallenge } from './federated-two-factor.js';

const VERIFY_TOTP = '/two-factor/verify-totp';
/**
 * How long a used code stays refused. A code is accepted one 30-second step either side of its
 * own, so it can be valid for at most 90 seconds; two minutes covers that with clock slack.
 */
const USED_FOR_MS = 120_000;

/** Claims made by the request whose auth context is the key, released if the code was wrong. */
const claims = new WeakMap<object, { userId: string; code: string }>();

/**
 * A TOTP code works once. better-auth accepts any code of the current window, as often as it is
 * sent; this records each code an account uses (table `used_totp_codes`) before the check runs,
 * so a second use (a replay, or two requests racing with the same code) is refused as a wrong
 * code. A claim whose code turns out wrong is released again.
 */
export function totpReplayGuard(db: Kysely<Database>): BetterAuthPlugin {
  return {
    id: 'registry-totp-replay',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string' || !/^\d{6,8}$/.test(code)) return;
            const userId = await callerOf(ctx);
            if (!userId) return;
            const now = Date.now();
            await db
              .deleteFrom('used_totp_codes')
              .where('user_id', '=', userId)
              .where('expires_at', '<', now)
              .execute();
            const claimed = await db
              .insertInto('used_totp_codes')
              .values({ user_id: userId, code, expires_at: now + USED_FOR_MS })
              .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
              .executeTakeFirst();
            if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
              throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
            }
            claims.set(ctx.context, { userId, code });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const claim = claims.get(ctx.context);
            if (!claim || !refused(ctx.context.returned)) return;
            await db
              .deleteFrom('used_totp_codes')
              .where('user_id', '=', claim.userId)
              .where('code', '=', claim.code)
              .execute();
          }),
        },
      ],
    },
  };
}

/** The account the code is for: the signed-in one (setup) or the one a sign-in step names. */
async function callerOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user.id) return session.user.id;
  const challenge = await twoFactorChallenge(ctx);
  if (!challenge) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return row && row.expiresAt > new Date() ? row.value : null;
}

function refused(returned: unknown): boolean {
  if (typeof returned !== 'object' || returned === null || !('statusCode' in returned)) return false;
  return Number((returned as { statusCode: unknown }).statusCode) >= 400;
}
