import { type Static, Type } from 'typebox';
import type { ConfigProblem } from './read.js';

/** Running the registry in production: metrics access, shutdown and the start-up checks. */
export const operationsSchema = Type.Object({
  REGISTRY_ENV: Type.Union([Type.Literal('development'), Type.Literal('production')], {
    default: 'development',
    description:
      '`production` refuses to start while settings that are only fit for a development machine remain (see docs/deployment.md#production-checks).',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      description:
        'Bearer token that `GET /metrics` requires. When set, the API port serves `/metrics` to requests that carry it.',
    }),
  ),
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description:
        'Serve `/metrics` on a listener of its own at `METRICS_HOST:METRICS_PORT` (never on the public port).',
    }),
  ),
  METRICS_HOST: Type.String({
    default: '127.0.0.1',
    description: 'Address the metrics listener binds to when `METRICS_PORT` is set.',
  }),
  READY_MIN_FREE_BYTES: Type.Integer({
    default: 256 * 1024 * 1024,
    minimum: 0,
    description:
      'Free space DATA_DIR must have for `/ready` to answer 200: below it the instance reports not ready (disk), before uploads and the database start failing.',
  }),
  SHUTDOWN_GRACE_SECONDS: Type.Number({
    default: 30,
    minimum: 0,
    maximum: 3600,
    description:
      'On SIGTERM, how long requests in flight may take to finish; connections still open then are closed (uploads cut off this way store nothing and can be retried).',
  }),
});

/** The validated operations settings. */
export type OperationsConfig = Static<typeof operationsSchema>;

/** Whether `/metrics` is served anywhere (and request metrics are worth collecting). */
export function metricsEnabled(operations: OperationsConfig): boolean {
  return operations.METRICS_TOKEN !== undefined || operations.METRICS_PORT !== undefined;
}

/** What production needs of settings that have a development-friendly default. */
export interface ProductionFacts {
  registryEnv: OperationsConfig['REGISTRY_ENV'];
  publicApiUrl: string;
  publicWebUrl: string;
  authSecret: string | undefined;
  emailVerificationRequired: boolean;
  smtpUrl: string | undefined;
}

/**
 * The settings to fix before a `REGISTRY_ENV=production` start, every one at once. Empty in
 * development: the defaults there (plain http on localhost, a generated secret, mail into the
 * outbox folder) are what make `npm start` work with no configuration.
 */
export function productionProblems(facts: ProductionFacts): ConfigProblem[] {
  if (facts.registryEnv !== 'production') return [];
  const problems: ConfigProblem[] = [];
  for (const [variable, url] of [
    ['PUBLIC_API_URL', facts.publicApiUrl],
    ['PUBLIC_WEB_URL', facts.publicWebUrl],
  ] as const) {
    if (!url.startsWith('https://')) {
      problems.push({
        variable,
        message: `must be an https:// URL in production (is ${url}): sign-in cookies and tokens would cross the network in clear text`,
      });
    }
  }
  if (facts.authSecret === undefined) {
    problems.push({
      variable: 'AUTH_SECRET',
      message:
        'must be set in production: the secret generated into DATA_DIR/auth-secret is a development convenience (lost with the folder, different on every instance)',
    });
  }
  if (facts.emailVerificationRequired && facts.smtpUrl === undefined) {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'must be set in production while EMAIL_VERIFICATION_REQUIRED is on: without it verification mail only reaches the outbox folder and nobody can finish signing up',
    });
  }
  return problems;
}
