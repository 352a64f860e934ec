import { randomUUID } from 'node:crypto';
import { kyselyAdapter } from '@better-auth/kysely-adapter';
import { type Auth, type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { PASSWORD_HARD_MAX_LENGTH } from '../../config/auth.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { releaseAccount } from './account-deletion-service.js';
import { normalizeEmail } from './email.js';
import { AUTH_ERRORS } from './errors.js';
import { federatedTwoFactor } from './federated-two-factor.js';
import { hashedSessionAdapter } from './hashed-sessions.js';
import {
  existingAccountMail,
  RESET_PASSWORD_PATH,
  resetPasswordMail,
  SIGN_IN_PATH,
  VERIFY_EMAIL_PATH,
  verificationMail,
  webLink,
  withReturnPath,
} from './mails.js';
import { promoteConfiguredAdmin } from './promotion.js';
import { oidcPlugins, socialProviders } from './providers.js';
import { ReviveDatesPlugin } from './revive-dates.js';
import { totpReplayGuard } from './totp-replay.js';

/** Header the bridge sets to the client address Fastify resolved (TRUST_PROXY aware). */
export const CLIENT_IP_HEADER = 'x-registry-client-ip';
/** Where better-auth is mounted on the API listener. */
export const AUTH_BASE_PATH = '/api/auth';
/** Lifetime of e-mail verification and password-reset links. */
const LINK_TTL_SECONDS = 3600;

/** The better-auth instance with the registry's options. */
export type RegistryAuth = Auth<BetterAuthOptions>;

/** What the identity layer needs besides the app context. */
export interface RegistryAuthDeps {
  secret: string;
  /** Log lines from better-auth (never carrying tokens or passwords). */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

/**
 * Builds better-auth on the registry's own database connection (so PostgreSQL test schemas and
 * pool settings apply), mapped onto the snake_case tables of migration 0004 and the existing
 * `users` table.
 */
export function createRegistryAuth(ctx: AppContext, deps: RegistryAuthDeps): RegistryAuth {
  const { config } = ctx;
  const webUrl = config.server.PUBLIC_WEB_URL;
  const sendInBackground = (message: Parameters<AppContext['mailer']['send']>[0]) => {
    // Mail goes out off the request's path, so response times do not reveal which addresses
    // have accounts; a failure is logged without the message body (it holds a token).
    void ctx.mailer.send(message).catch((error: unknown) => {
      deps.log('error', `sending "${message.subject}" failed: ${error instanceof Error ? error.message : error}`);
    });
  };
  const authDb: Kysely<Database> = ctx.dialect === 'postgres' ? ctx.db.withPlugin(new ReviveDatesPlugin()) : ctx.db;

  const options: BetterAuthOptions = {
    appName: 'Comfy Registry',
    baseURL: config.server.PUBLIC_API_URL,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: [webUrl, config.server.PUBLIC_API_URL, ...splitList(config.server.CORS_ORIGINS)],
    // better-auth's own types cannot name our Kysely database, hence the widening. Session tokens
    // are stored hashed (see hashed-sessions.ts).
    database: hashedSessionAdapter(kyselyAdapter(authDb as Kysely<unknown>, { type: ctx.dialect, transaction: true })),
    telemetry: { enabled: false },
    // The registry applies its own, database-backed limits before better-auth sees a request.
    rateLimit: { enabled: false },
    // better-auth logs requests it refuses (a forged OAuth state or code, an unknown provider)
    // at error, though anyone can send them; faults reach `onAPIError` below and stay errors.
    logger: { level: 'warn', log: (level, message) => deps.log(level === 'error' ? 'warn' : level, message) },
    user: {
      modelName: 'users',
      // A new address is used only once its owner opens the link mailed to it (the change-email
      // route; better-auth mails it through sendVerificationEmail below).
      changeEmail: { enabled: true },
      // Deleting an account keeps its packs public and stops publishing where it was the last
      // owner (see account-deletion/service.ts and docs/identity.md). Accounts with a password
      // confirm with it; the others need a session from the last day.
      deleteUser: { enabled: true, beforeDelete: async (user) => releaseAccount(ctx.db, user.id) },
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        isAdmin: { type: 'boolean', fieldName: 'is_admin', input: false, required: false, defaultValue: false },
        isApproved: { type: 'boolean', fieldName: 'is_approved', input: false, required: false, defaultValue: false },
        status: { type: 'string', fieldName: 'status', input: false, required: false, defaultValue: 'ACTIVE' },
        statusReason: {
          type: 'string',
          fieldName: 'status_reason',
          input: false,
          required: false,
          defaultValue: '',
          returned: false,
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: config.auth.SESSION_TTL_SECONDS,
      updateAge: Math.min(86_400, Math.floor(config.auth.SESSION_TTL_SECONDS / 2)),
      // Every request reads the session row, so sign-out and bans take effect at once.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      encryptOAuthTokens: true,
      accountLinking: { enabled: true },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      storeIdentifier: 'hashed',
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.auth.EMAIL_VERIFICATION_REQUIRED,
      // The registry checks the configured policy itself (with the rule that failed); these
      // bounds only stop better-auth refusing what the policy allows.
      minPasswordLength: 1,
      maxPasswordLength: PASSWORD_HARD_MAX_LENGTH * 2,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: LINK_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const link = webLink(webUrl, RESET_PASSWORD_PATH, token);
        sendInBackground(resetPasswordMail(user.email, user.name, link, LINK_TTL_SECONDS / 3600));
      },
      onExistingUserSignUp: async ({ user }) => {
        sendInBackground(existingAccountMail(user.email, user.name, webLink(webUrl, SIGN_IN_PATH)));
      },
      onPasswordReset: async ({ user }) => {
        // Following the link proved the mailbox is theirs.
        if (!user.emailVerified)
          await (await auth.$context).internalAdapter.updateUser(user.id, { emailVerified: true });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // Opening the link proves the mailbox, so it signs the person in (only the first time: an
      // address already confirmed answers without a session).
      autoSignInAfterVerification: true,
      expiresIn: LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token, url }) => {
        const link = withReturnPath(webLink(webUrl, VERIFY_EMAIL_PATH, token), url, webUrl);
        sendInBackground(verificationMail(user.email, user.name, link, LINK_TTL_SECONDS / 3600));
      },
    },
    socialProviders: socialProviders(config.auth),
    plugins: [
      ...(oidcPlugins(config.auth) ?? []),
      twoFactorPlugin(),
      totpReplayGuard(ctx.db),
      federatedTwoFactor(webUrl),
    ],
    onAPIError: {
      errorURL: webLink(webUrl, SIGN_IN_PATH),
      // Refusals (4xx) are answered to the client, not logged; anything else is a fault.
      onError: (error) => {
        if (error instanceof APIError && error.statusCode < 500) return;
        deps.log('error', `identity request failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    },
    advanced: {
      cookiePrefix: 'registry',
      useSecureCookies: config.server.PUBLIC_API_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      disableCSRFCheck: false,
      disableOriginCheck: false,
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            // Addresses from providers are folded like typed ones (see email.ts).
            const email = normalizeEmail(user.email);
            if (!email) throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email' });
            return { data: { ...user, email } };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await (await auth.$context).internalAdapter.findUserById(session.userId);
            if (user && (user as { status?: unknown }).status === 'BANNED') {
              throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: AUTH_ERRORS.USER_DISABLED.message });
            }
          },
          after: async (session) => {
            await promoteConfiguredAdmin(ctx, session.userId, (await auth.$context).internalAdapter);
          },
        },
      },
    },
  };
  const auth = betterAuth<BetterAuthOptions>(options);
  return auth;
}

/**
 * TOTP with recovery codes (docs/identity.md, "Two-factor sign-in"), on the tables of migration
 * 0015. The secret and the codes are stored encrypted with the identity secret. Trusted devices
 * are not offered: every e-mail and password sign-in of such an account asks for a code.
 */
function twoFactorPlugin() {
  return twoFactor({
    issuer: 'Comfy Registry',
    schema: {
      user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
      twoFactor: {
        modelName: 'two_factors',
        fields: {
          userId: 'user_id',
          backupCodes: 'backup_codes',
          failedVerificationCount: 'failed_verification_count',
          lockedUntil: 'locked_until',
        },
      },
    },
  });
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
