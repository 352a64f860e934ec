import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Trusted publishing (docs/publishing.md):
 * - `trusted_publishers`: a publisher's registered CI identities (issuer, repository, workflow
 *   file, optional environment). `repository` and `environment` are stored lowercased because
 *   GitHub compares them without case; the unique index stops the same one twice.
 * - `trusted_publish_grants`: the short-lived, one-version publish credentials an exchange
 *   answers with, as SHA-256 only; deleting the trusted publisher takes its grants with it.
 * - `oidc_token_uses`: the identity tokens already exchanged (SHA-256 of issuer and `jti`) until
 *   they expire, so one token is never exchanged twice; the primary key makes the first use win.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('trusted_publishers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('repository', 'text', (c) => c.notNull())
    .addColumn('workflow', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trusted_publishers_identity')
    .on('trusted_publishers')
    .columns(['publisher_id', 'issuer', 'repository', 'workflow', 'environment'])
    .unique()
    .execute();
  await db.schema
    .createTable('trusted_publish_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('trusted_publisher_id', 'text', (c) =>
      c.notNull().references('trusted_publishers.id').onDelete('cascade'),
    )
    /** JSON: the identity token's claims that go into the version's provenance. */
    .addColumn('provenance', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trusted_publish_grants_trusted_publisher')
    .on('trusted_publish_grants')
    .column('trusted_publisher_id')
    .execute();
  await db.schema
    .createTable('oidc_token_uses')
    .addColumn('token_key', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
}
