import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createRegistryAuth } from '../better-auth.js';
import { passwordPolicy } from '../password-policy.js';
import { RateLimitStore } from '../rate-limit-store.js';
import { SignInLimits } from '../rate-limits.js';
import { AuthRuntime } from '../runtime.js';
import { resolveAuthSecret, SECRET_FILE } from '../secret.js';
import { configRoutes } from './config.js';
import { installAuthErrorHandler } from './error-handler.js';
import { federatedRoutes } from './federated.js';
import { jwksRoutes } from './jwks.js';
import { passthroughRoutes } from './passthrough.js';
import { passwordRoutes } from './password.js';
import { recoveryRoutes } from './recovery.js';
import { tokenRoutes } from './token.js';
import { twoFactorRoutes } from './two-factor.js';

/**
 * The identity routes: better-auth under `/api/auth/*` (cookie sessions), the public sign-in
 * settings at `/auth/config`, the session → identity token exchange at `/auth/token` and the
 * verification keys at `/.well-known/jwks.json`.
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { config } = ctx;
  const { secret, generated } = resolveAuthSecret(config.auth.AUTH_SECRET, config.database.DATA_DIR);
  if (generated) {
    app.log.info(
      { file: path.join(config.database.DATA_DIR, SECRET_FILE) },
      'generated an identity secret (AUTH_SECRET)',
    );
  }
  if (!config.auth.AUTH_SECRET && ctx.dialect === 'postgres') {
    app.log.warn('AUTH_SECRET is unset: every instance sharing this database must be given the same AUTH_SECRET');
  }
  const auth = createRegistryAuth(ctx, {
    secret,
    log: (level, message) => app.log[level]({ component: 'better-auth' }, message),
  });
  const runtime = new AuthRuntime(
    ctx,
    auth,
    new SignInLimits(new RateLimitStore(ctx.db), config.auth),
    passwordPolicy(config.auth),
  );
  installAuthErrorHandler(app);
  for (const routes of [
    configRoutes,
    tokenRoutes,
    jwksRoutes,
    passwordRoutes,
    recoveryRoutes,
    federatedRoutes,
    twoFactorRoutes,
    passthroughRoutes,
  ]) {
    await app.register(routes(runtime));
  }
};

export default authRoutes;
