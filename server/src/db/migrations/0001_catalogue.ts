import { type Kysely, sql } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * The whole registry data model: accounts, publishers, packs, versions, archives, node
 * definitions, tokens, reviews, download counts, audit log, jobs and the change feed.
 * Identity-provider tables (sessions, linked accounts, verifications, keys) come in 0002.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const emptyList = sql`'[]'`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('is_admin', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('is_approved', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('publishers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('support_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_code_repo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PublisherStatusActive'))
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('publisher_members')
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('publisher_members_pk', ['publisher_id', 'user_id'])
    .execute();
  await db.schema.createIndex('publisher_members_user_idx').on('publisher_members').column('user_id').execute();

  await db.schema
    .createTable('nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('normalized_id', 'text', (c) => c.notNull().unique())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('license', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('repository_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('normalized_repository', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banner_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('tags_admin', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('supported_os', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('supported_accelerators', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('supported_comfyui_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supported_comfyui_frontend_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_ranking', 'integer')
    .addColumn('preempted_comfy_node_names', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('github_stars', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('total_star', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('NodeStatusActive'))
    .addColumn('status_detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('latest_version_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('nodes_publisher_idx').on('nodes').columns(['publisher_id', 'id']).execute();
  // The default catalogue order: status filter, then ranking, popularity and id as tie-breaks.
  await db.schema
    .createIndex('nodes_listing_idx')
    .on('nodes')
    .columns(['status', 'search_ranking', 'downloads desc', 'id'])
    .execute();
  await db.schema.createIndex('nodes_repository_idx').on('nodes').column('normalized_repository').execute();
  await db.schema.createIndex('nodes_updated_idx').on('nodes').column('updated_at').execute();
  await db.schema.createIndex('nodes_created_idx').on('nodes').column('created_at').execute();

  await db.schema
    .createTable('storage_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', t.bigint, (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('node_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('changelog', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dependencies', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('deprecated', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('NodeVersionStatusPending'))
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comfy_node_extract_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('comfy_node_extract_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supported_os', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('supported_accelerators', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('supported_comfyui_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supported_comfyui_frontend_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('tags_admin', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('storage_file_id', 'text', (c) => c.references('storage_files.id').onDelete('set null'))
    .addColumn('downloads', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('node_versions_node_version_uq', ['node_id', 'version'])
    .execute();
  await db.schema
    .createIndex('node_versions_status_idx')
    .on('node_versions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('node_versions_node_created_idx')
    .on('node_versions')
    .columns(['node_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('node_version_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_version_id', 'text', (c) => c.notNull().references('node_versions.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('from_reason', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('to_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_user_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('node_version_status_history_version_idx')
    .on('node_version_status_history')
    .columns(['node_version_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('upload_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('node_version_id', 'text', (c) => c.notNull().references('node_versions.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('comfy_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    // Null for class names known from an imported catalogue rather than from an archive.
    .addColumn('node_version_id', 'text', (c) => c.references('node_versions.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('archive'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('input_types', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('return_types', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('return_names', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output_is_list', 'text', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('function', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output_node', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('deprecated', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('experimental', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('policy', 'text', (c) => c.notNull().defaultTo('ComfyNodePolicyActive'))
    .addColumn('source_file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('comfy_nodes_version_name_uq', ['node_version_id', 'name'])
    .execute();
  await db.schema.createIndex('comfy_nodes_name_idx').on('comfy_nodes').column('name').execute();
  await db.schema.createIndex('comfy_nodes_node_idx').on('comfy_nodes').columns(['node_id', 'name']).execute();

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('last_used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('pat_publisher_idx').on('personal_access_tokens').column('publisher_id').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('star', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reviews_node_user_uq', ['node_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('download_counts')
    .addColumn('node_version_id', 'text', (c) => c.notNull().references('node_versions.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', t.bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('download_counts_pk', ['node_version_id', 'day'])
    .execute();
  await db.schema
    .createIndex('download_counts_node_day_idx')
    .on('download_counts')
    .columns(['node_id', 'day'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text', (c) => c.notNull().defaultTo(sql`'null'`))
    .addColumn('after', 'text', (c) => c.notNull().defaultTo(sql`'null'`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'created_at']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('jobs_ready_idx').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('search_queries')
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_queries_pk', ['query', 'day'])
    .execute();

  await db.schema
    .createTable('catalogue_changes')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}
