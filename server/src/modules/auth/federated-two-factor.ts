import type { Account, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { SIGN_IN_PATH, webLink } from './mails.js';

/** The two-factor plugin's cookie and the lifetime of the code step it opens (its defaults). */
const TWO_FACTOR_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 600;
/** Query parameter that opens the code step of the web app's sign-in page. */
export const SECOND_FACTOR_PARAM = 'secondFactor';

/** better-auth's endpoints that finish a federated sign-in (GitHub, Google, OpenID Connect). */
const CALLBACK_PATHS = new Set(['/callback/:id', '/oauth2/callback/:providerId']);
/** The endpoints that finish a sign-in with a code. */
const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** A provider link made during a federated sign-in, kept aside until the code is given. */
interface PendingLink {
  userId: string;
  account: Omit<Account, 'id' | 'createdAt' | 'updatedAt'>;
}

/** Links created by the request whose auth context is the key. */
const linksMadeBy = new WeakMap<object, Account[]>();

/**
 * Two-factor sign-in holds for federated sign-ins too. better-auth's two-factor plugin only
 * asks for a code after e-mail and password; a provider asserting a verified address would
 * otherwise open an account that has two-factor on, and link itself to it for good.
 *
 * A provider callback that ends in a session for such an account ends instead in the same code
 * step as a password sign-in: the session is dropped, the two-factor cookie is set and the
 * browser goes to the web app's sign-in page, which asks for the code. A provider link the
 * callback has just made (automatic linking by e-mail address) is taken back and kept aside
 * with the code step: it is made again only once the code (or a recovery code) is right, so a
 * provider that cannot give the code never stays linked.
 */
export function federatedTwoFactor(webUrl: string): BetterAuthPlugin {
  return {
    id: 'registry-federated-two-factor',
    init: () => ({
      options: {
        databaseHooks: {
          account: {
            create: {
              after: async (account, endpoint) => {
                if (!endpoint || !CALLBACK_PATHS.has(endpoint.path ?? '')) return;
                const made = linksMadeBy.get(endpoint.context) ?? [];
                made.push(account);
                linksMadeBy.set(endpoint.context, made);
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          matcher: (ctx) => CALLBACK_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user || !(signedIn.user as { twoFactorEnabled?: unknown }).twoFactorEnabled) return;
            const { internalAdapter } = ctx.context;
            const userId = signedIn.user.id;

            deleteSessionCookie(ctx, true);
            await internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
            await internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });

            const pending = (linksMadeBy.get(ctx.context) ?? []).filter((a) => a.userId === userId);
            for (const account of pending) {
              await internalAdapter.deleteAccount(account.id);
              const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = account;
              const value: PendingLink = { userId, account: rest };
              await internalAdapter.createVerificationValue({
                value: JSON.stringify(value),
                identifier: pendingLinkKey(identifier),
                expiresAt,
              });
            }

            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            throw ctx.redirect(codeStepUrl(webUrl, redirectTarget(ctx.context.returned)));
          }),
        },
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user) return;
            const identifier = await twoFactorChallenge(ctx);
            if (!identifier) return;
            const { internalAdapter } = ctx.context;
            const key = pendingLinkKey(identifier);
            // Each link of the sign-in is one row under the same key; consuming takes them one by one.
            for (;;) {
              const row = await internalAdapter.consumeVerificationValue(key).catch(() => null);
              if (!row) break;
              const pending = JSON.parse(row.value) as PendingLink;
              if (pending.userId !== signedIn.user.id) continue;
              const taken = await internalAdapter.findAccountByKey({
                providerId: pending.account.providerId,
                accountId: pending.account.accountId,
              });
              if (!taken) await internalAdapter.createAccount({ ...pending.account, userId: pending.userId });
            }
          }),
        },
      ],
    },
  };
}

/** What a better-auth hook handler is given. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The code step a sign-in is at: the identifier in the two-factor plugin's signed cookie. */
export async function twoFactorChallenge(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  return (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) || null;
}

function pendingLinkKey(challenge: string): string {
  return `2fa-link-${challenge}`;
}

/** Where the callback was about to send the browser (its `callbackURL`). */
function redirectTarget(returned: unknown): string | null {
  // The callback ends by throwing a redirect: an error object carrying the Location header.
  if (typeof returned !== 'object' || returned === null || !('headers' in returned)) return null;
  const { headers } = returned as { headers: unknown };
  return headers instanceof Headers ? headers.get('location') : null;
}

/**
 * The web app's sign-in page with the code step open, keeping the page the person was going to
 * when that page is on the web app itself.
 */
function codeStepUrl(webUrl: string, target: string | null): string {
  const url = new URL(webLink(webUrl, SIGN_IN_PATH));
  url.searchParams.set(SECOND_FACTOR_PARAM, '1');
  if (target) {
    try {
      const to = new URL(target, webUrl);
      if (to.origin === url.origin) url.searchParams.set('fromUrl', `${to.pathname}${to.search}${to.hash}`);
    } catch {
      // An unreadable target falls back to the web app's default page after sign-in.
    }
  }
  return url.toString();
}
