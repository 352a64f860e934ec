import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config/index.js';
import type { DatabaseHandle, PoolUse } from './db/database.js';
import type { DialectName } from './db/dialect.js';
import type { Database } from './db/schema.js';
import { createMailer } from './engines/mail/create-mailer.js';
import type { Mailer } from './engines/mail/mailer.js';
import type { BlobStore } from './engines/storage/blob-store.js';
import { LocalBlobStore } from './engines/storage/local-blob-store.js';
import { S3BlobStore } from './engines/storage/s3-blob-store.js';
import { EventBus } from './lib/events.js';
import { namedLogger } from './lib/log-format.js';
import { IdentityTokenService } from './modules/auth/identity-tokens.js';
import { resolveAuthSecret } from './modules/auth/secret.js';
import type { UpstreamIds } from './modules/catalogue/upstream-ids.js';
import { type GitHubApi, HttpGitHubApi } from './modules/claims/github.js';
import { upstreamIdGuard } from './modules/mirror/id-guard.js';
import { createSearchEngine } from './modules/search/create.js';
import type { SearchEngine } from './modules/search/engine.js';

/**
 * Everything a module needs from the outside world, built once per process from the config.
 * Outside systems (blob storage, mail, clock) are added here behind interfaces, each with a
 * real local implementation chosen by configuration.
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL pool's use right now (metrics); null on SQLite. */
  poolUse(): PoolUse | null;
  events: EventBus;
  /** Pack search: the in-process index, built on app start and kept current from the change feed. */
  search: SearchEngine;
  identity: IdentityTokenService;
  /** Outgoing e-mail: SMTP when configured, otherwise the outbox folder. */
  mailer: Mailer;
  /** Archive storage. */
  storage: BlobStore;
  /** GitHub REST API: confirms repository admins when they claim a pack. */
  github: GitHubApi;
  /** The upstream registry's ids, which a new local pack may not take (every id is free without one). */
  upstreamIds: UpstreamIds;
}

/** Audience claim of identity tokens issued by this registry. */
export const IDENTITY_AUDIENCE = 'comfy-registry';

/** Wires the context for one process. */
export function createContext(config: Config, database: DatabaseHandle): AppContext {
  const events = new EventBus();
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    poolUse: () => database.poolUse(),
    events,
    search: createSearchEngine(
      config,
      database.db,
      events,
      namedLogger('search', config.server.LOG_LEVEL, config.server.LOG_FORMAT),
    ),
    identity: new IdentityTokenService(database.db, {
      issuer: config.server.PUBLIC_API_URL,
      audience: IDENTITY_AUDIENCE,
      ttlSeconds: config.auth.IDENTITY_TOKEN_TTL_SECONDS,
      keyRotationSeconds: config.auth.IDENTITY_KEY_ROTATION_SECONDS,
      secret: () => resolveAuthSecret(config.auth.AUTH_SECRET, config.database.DATA_DIR).secret,
    }),
    mailer: createMailer(config, namedLogger('mail', config.server.LOG_LEVEL, config.server.LOG_FORMAT)),
    storage: createBlobStore(config),
    github: new HttpGitHubApi(config.claims.GITHUB_API_URL, config.claims.GITHUB_API_TIMEOUT_MS),
    upstreamIds: upstreamIdGuard({ db: database.db, config }),
  };
}

/** The archive store the configuration asks for: a local folder, or an S3-compatible bucket. */
export function createBlobStore(config: Config): BlobStore {
  const s = config.storage;
  if (s.BLOB_STORE === 's3') {
    return new S3BlobStore({
      // loadConfig already refused BLOB_STORE=s3 without a bucket.
      bucket: s.S3_BUCKET ?? '',
      region: s.S3_REGION,
      endpoint: s.S3_ENDPOINT,
      accessKeyId: s.S3_ACCESS_KEY_ID,
      secretAccessKey: s.S3_SECRET_ACCESS_KEY,
      forcePathStyle: s.S3_FORCE_PATH_STYLE,
      publicUrl: s.S3_PUBLIC_URL,
      keyPrefix: s.S3_KEY_PREFIX,
      apiBaseUrl: config.server.PUBLIC_API_URL,
    });
  }
  const dir = s.BLOB_DIR ?? path.join(config.database.DATA_DIR, 'blobs');
  return new LocalBlobStore(dir, config.server.PUBLIC_API_URL);
}
