import type { Static, TObject } from 'typebox';
import { authProblems, authSchema } from './auth.js';
import { catalogueCacheSchema } from './catalogue-cache.js';
import { claimsSchema } from './claims.js';
import { clusterSchema } from './cluster.js';
import { databaseSchema } from './database.js';
import { jobsSchema } from './jobs.js';
import { mailSchema } from './mail.js';
import { moderationSchema } from './moderation.js';
import { operationsSchema, productionProblems } from './operations.js';
import { publishersSchema } from './publishers.js';
import { publishingSchema } from './publishing.js';
import { ConfigError, type ConfigProblem, readConfig } from './read.js';
import { searchSchema } from './search.js';
import { serverSchema, withPortDefaults } from './server.js';
import { storageProblems, storageSchema } from './storage.js';
import { trustedPublishingSchema } from './trusted-publishing.js';
import { upstreamSchema } from './upstream.js';
import { webSchema } from './web.js';

/**
 * Every concern's schema. Each module that needs settings adds its schema here, so
 * `docs/configuration.md` and the start-up check cover all of them.
 */
export const configSchemas = {
  server: serverSchema,
  cluster: clusterSchema,
  database: databaseSchema,
  storage: storageSchema,
  catalogueCache: catalogueCacheSchema,
  auth: authSchema,
  mail: mailSchema,
  publishers: publishersSchema,
  claims: claimsSchema,
  jobs: jobsSchema,
  publishing: publishingSchema,
  trustedPublishing: trustedPublishingSchema,
  web: webSchema,
  search: searchSchema,
  moderation: moderationSchema,
  operations: operationsSchema,
  upstream: upstreamSchema,
} satisfies Record<string, TObject>;

type Schemas = typeof configSchemas;

/** The validated configuration, grouped by concern. */
export type Config = { [K in keyof Schemas]: Static<Schemas[K]> };

/** Reads and validates the whole configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: ConfigProblem[] = [];
  const result: Record<string, unknown> = {};
  for (const [concern, schema] of Object.entries(configSchemas)) {
    const read = readConfig(schema, env);
    problems.push(...read.problems);
    result[concern] = read.value;
  }
  // The public URLs default to the ports actually configured, not the schema's fixed ones.
  result.server = withPortDefaults(result.server as Static<Schemas['server']>, env);
  // Settings that depend on each other are checked once each concern is read.
  problems.push(...storageProblems(result.storage as Static<Schemas['storage']>));
  const auth = result.auth as Static<Schemas['auth']>;
  problems.push(...authProblems(auth));
  const server = result.server as Static<Schemas['server']>;
  problems.push(
    ...productionProblems({
      registryEnv: (result.operations as Static<Schemas['operations']>).REGISTRY_ENV,
      publicApiUrl: server.PUBLIC_API_URL,
      publicWebUrl: server.PUBLIC_WEB_URL,
      authSecret: auth.AUTH_SECRET,
      emailVerificationRequired: auth.EMAIL_VERIFICATION_REQUIRED,
      smtpUrl: (result.mail as Static<Schemas['mail']>).SMTP_URL,
    }),
  );
  if (problems.length > 0) throw new ConfigError(problems);
  return result as Config;
}

export { ConfigError } from './read.js';
