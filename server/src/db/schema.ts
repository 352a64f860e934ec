import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for the whole registry. Conventions, identical on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC strings (SQLite text; PostgreSQL timestamptz read back as ISO);
 * - booleans are written as booleans and read back as `Bool` (SQLite gives 0/1): use `toBool`;
 * - list and object columns hold JSON text: use `parseJsonArray` / `parseJsonObject`;
 * - status columns hold the wire values (`NodeStatusActive`, ...), so no mapping layer exists.
 */

/** A boolean as read back from either dialect. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A timestamp column that defaults to "now" on insert. */
export type CreatedAt = ColumnType<string, string | undefined, never>;
export type UpdatedAt = ColumnType<string, string | undefined, string>;
/** A JSON-encoded text column. */
export type Json = ColumnType<string, string | undefined, string>;

export type UserStatus = 'ACTIVE' | 'BANNED';
export type PublisherStatus = 'PublisherStatusActive' | 'PublisherStatusBanned';
export type NodeStatus = 'NodeStatusActive' | 'NodeStatusDeleted' | 'NodeStatusBanned';
export type NodeVersionStatus =
  | 'NodeVersionStatusActive'
  | 'NodeVersionStatusDeleted'
  | 'NodeVersionStatusBanned'
  | 'NodeVersionStatusPending'
  | 'NodeVersionStatusFlagged';
export type ComfyNodeExtractStatus = 'pending' | 'success' | 'failed';
export type ComfyNodePolicy = 'ComfyNodePolicyActive' | 'ComfyNodePolicyBanned' | 'ComfyNodePolicyLocalOnly';
export type MemberRole = 'owner' | 'member';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A registry account. The identity layer (better-auth) uses this same row as its user. */
export interface UsersTable {
  id: string;
  email: string;
  name: ColumnType<string, string | undefined, string>;
  email_verified: ColumnType<boolean | number, boolean | undefined, boolean>;
  image: string | null;
  is_admin: ColumnType<boolean | number, boolean | undefined, boolean>;
  is_approved: ColumnType<boolean | number, boolean | undefined, boolean>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  status_reason: ColumnType<string, string | undefined, string>;
  two_factor_enabled: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PublishersTable {
  id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  website: ColumnType<string, string | undefined, string>;
  support_email: ColumnType<string, string | undefined, string>;
  source_code_repo: ColumnType<string, string | undefined, string>;
  logo_url: ColumnType<string, string | undefined, string>;
  status: ColumnType<PublisherStatus, PublisherStatus | undefined, PublisherStatus>;
  status_reason: ColumnType<string, string | undefined, string>;
  /** Base URL of the upstream registry this publisher is mirrored from; '' for a local one. */
  mirrored_from: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PublisherMembersTable {
  publisher_id: string;
  user_id: string;
  role: MemberRole;
  created_at: CreatedAt;
}

export interface NodesTable {
  id: string;
  /** lower(id): node ids are unique case-insensitively. */
  normalized_id: string;
  publisher_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  author: ColumnType<string, string | undefined, string>;
  license: ColumnType<string, string | undefined, string>;
  repository_url: ColumnType<string, string | undefined, string>;
  /** Lower-cased repository URL without scheme, `www.`, trailing slash or `.git`: for lookups. */
  normalized_repository: ColumnType<string, string | undefined, string>;
  icon_url: ColumnType<string, string | undefined, string>;
  banner_url: ColumnType<string, string | undefined, string>;
  tags: Json;
  tags_admin: Json;
  supported_os: Json;
  supported_accelerators: Json;
  supported_comfyui_version: ColumnType<string, string | undefined, string>;
  supported_comfyui_frontend_version: ColumnType<string, string | undefined, string>;
  /** 1..10, lower ranks higher; null means the default (5). */
  search_ranking: number | null;
  preempted_comfy_node_names: Json;
  github_stars: ColumnType<number, number | undefined, number>;
  downloads: ColumnType<number, number | undefined, number>;
  total_star: ColumnType<number, number | undefined, number>;
  total_review: ColumnType<number, number | undefined, number>;
  status: ColumnType<NodeStatus, NodeStatus | undefined, NodeStatus>;
  status_detail: ColumnType<string, string | undefined, string>;
  /** Locale → field → text. */
  translations: Json;
  /** Denormalised pointer to the highest-semver Active version (kept by the versions service). */
  latest_version_id: string | null;
  /** Base URL of the upstream registry this pack is mirrored from; '' for a pack published here. */
  mirrored_from: ColumnType<string, string | undefined, string>;
  /** When the mirror last saw this pack in the upstream catalogue. */
  last_synced_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Digest of the upstream listing entry at the last sync ('' for local packs). */
  upstream_fingerprint: ColumnType<string, string | undefined, string>;
  /** Why the next version will be held for review after a change of hands ('' when it will not). */
  next_version_hold: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface NodeVersionsTable {
  id: string;
  node_id: string;
  /** Normalised semver string. */
  version: string;
  /** Publisher that owned the node when this version was published (archive paths use it). */
  publisher_id: string;
  changelog: ColumnType<string, string | undefined, string>;
  dependencies: Json;
  deprecated: ColumnType<boolean | number, boolean | undefined, boolean>;
  status: ColumnType<NodeVersionStatus, NodeVersionStatus | undefined, NodeVersionStatus>;
  status_reason: ColumnType<string, string | undefined, string>;
  comfy_node_extract_status: ColumnType<
    ComfyNodeExtractStatus,
    ComfyNodeExtractStatus | undefined,
    ComfyNodeExtractStatus
  >;
  comfy_node_extract_reason: ColumnType<string, string | undefined, string>;
  supported_os: Json;
  supported_accelerators: Json;
  supported_comfyui_version: ColumnType<string, string | undefined, string>;
  supported_comfyui_frontend_version: ColumnType<string, string | undefined, string>;
  tags: Json;
  tags_admin: Json;
  /** The stored archive; null until the upload completed. */
  storage_file_id: string | null;
  /** The change-of-hands reason this version was held for ('' when none). */
  hold_reason: ColumnType<string, string | undefined, string>;
  /** How it was published, JSON (`catalogue/provenance.ts`); '' when not recorded. */
  provenance: ColumnType<string, string | undefined, string>;
  /** Where a mirrored version's archive is fetched from until it is cached here; '' otherwise. */
  upstream_archive_url: ColumnType<string, string | undefined, string>;
  downloads: ColumnType<number, number | undefined, number>;
  /** Label ids the scan gave the version (JSON array; migration 0024). */
  scan_labels: Json;
  /** Every scan finding with its grade, context and excerpt (JSON array; migration 0024). */
  scan_findings: Json;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The README found in a version's archive (see migration 0019); no row when it had none. */
export interface NodeVersionReadmesTable {
  node_version_id: string;
  /** The file's name without folders (`README.md`). */
  file_name: string;
  format: 'markdown' | 'rst' | 'text';
  /** The text, cut at the size limit when `truncated`. */
  content: string;
  /** The whole file's size in the archive (bigint on PostgreSQL comes back as a string). */
  size_bytes: ColumnType<number | string, number, number>;
  truncated: ColumnType<boolean | number, boolean, boolean>;
  created_at: string;
}

/** What a requirement row is (see migration 0026). */
export type RequirementKind = 'requirement' | 'constraint' | 'option' | 'problem';

/** One Python requirement, pip option or unreadable line of a version's archive (migration 0026). */
export interface NodeVersionRequirementsTable {
  node_version_id: string;
  /** Order in which pip reads the entries: requirements.txt (with its includes) first, then pyproject.toml. */
  position: number;
  kind: RequirementKind;
  /** PEP 503 normalised project name; '' for options, problems and bare URLs that name none. */
  name: string;
  specifier: string;
  /** JSON array of normalised extras. */
  extras: string;
  markers: string;
  /** Direct reference for a requirement; the option's value for an option. */
  url: string;
  /** The option's long name (`--extra-index-url`); '' for other rows. */
  option: string;
  editable: Bool;
  source_file: string;
  line: number;
  text: string;
  /** Why a `problem` row could not be read; '' otherwise. */
  problem: string;
}

/** Every status change of a version, so an admin can undo to exactly the previous state. */
export interface NodeVersionStatusHistoryTable {
  id: string;
  node_version_id: string;
  from_status: NodeVersionStatus | null;
  from_reason: string | null;
  to_status: NodeVersionStatus;
  to_reason: string;
  /** User who made the change; null for the system (publish, pipeline). */
  actor_user_id: string | null;
  created_at: CreatedAt;
}

export interface StorageFilesTable {
  id: string;
  /** Key inside the blob store, e.g. `acme/hello/1.0.0/node.zip`. */
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** What `sha256` was checked against (migration 0037 explains each value). */
  hash_source: ColumnType<ArchiveHashSource, ArchiveHashSource | undefined, ArchiveHashSource>;
  created_at: CreatedAt;
}

/** The checked file list of one stored archive (migration 0046), for the code view. */
export interface ArchiveDirectoriesTable {
  storage_file_id: string;
  /** JSON written and read by `modules/catalogue/archive-directories.ts`. */
  files: string;
  created_at: string;
}

/** What a stored archive's SHA-256 was checked against when it was stored. */
export type ArchiveHashSource = 'upload' | 'upstream' | 'first_fetch' | 'bundle';

/** A single-use upload URL bound to one version (only the hash of its secret is stored). */
export interface UploadTicketsTable {
  id: string;
  token_hash: string;
  node_version_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: CreatedAt;
  /** The personal access token that asked for the URL; null for a browser upload. */
  issued_by_token: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Where a comfy-node definition came from. */
export type ComfyNodeSource = 'archive' | 'manager-import' | 'admin';

export interface ComfyNodesTable {
  id: string;
  /** The pack providing this class. */
  node_id: string;
  /** The version it was extracted from; null for class names known only from an imported catalogue. */
  node_version_id: string | null;
  source: ColumnType<ComfyNodeSource, ComfyNodeSource | undefined, ComfyNodeSource>;
  /** The class key in NODE_CLASS_MAPPINGS, e.g. `KSampler`. */
  name: string;
  display_name: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  /** JSON text, as the public API carries it. */
  input_types: ColumnType<string, string | undefined, string>;
  return_types: ColumnType<string, string | undefined, string>;
  return_names: ColumnType<string, string | undefined, string>;
  output_is_list: Json;
  function: ColumnType<string, string | undefined, string>;
  output_node: ColumnType<boolean | number, boolean | undefined, boolean>;
  deprecated: ColumnType<boolean | number, boolean | undefined, boolean>;
  experimental: ColumnType<boolean | number, boolean | undefined, boolean>;
  policy: ColumnType<ComfyNodePolicy, ComfyNodePolicy | undefined, ComfyNodePolicy>;
  /** File inside the archive the definition was read from. */
  source_file: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/**
 * A class name that ships with ComfyUI itself, from the ComfyUI entry of ComfyUI-Manager's node
 * map (`registry import-manager-list` replaces the whole table on each run).
 */
export interface CoreComfyNodesTable {
  /** The class key in ComfyUI's NODE_CLASS_MAPPINGS, e.g. `KSampler`. */
  name: string;
  /** Where the name came from. */
  source: 'manager-import';
  updated_at: UpdatedAt;
}

/** Where an alias of a pack comes from. */
export type PackAliasSource = 'manager' | 'repository' | 'registry';

export interface PackAliasesTable {
  /** Another id of the pack, lower-cased; never a pack's own id. */
  alias: string;
  node_id: string;
  source: PackAliasSource;
  created_at: string;
}

export interface PackClassPatternsTable {
  node_id: string;
  /** The Manager's `nodename_pattern`: a regular expression the pack's class names match. */
  pattern: string;
  source: 'manager-import';
}

/** A deleted publisher's id, never registered again (migration 0042). */
/** Where an invitation to a publisher stands; only `pending` ones (not yet expired) can be answered. */
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked';

export interface PublisherInvitationsTable {
  id: string;
  publisher_id: string;
  /** The address the owner typed (trimmed); shown back to the publisher's owners only. */
  email: string;
  /** The account that used this address when the invitation was made; null when none did. */
  invitee_user_id: string | null;
  role: MemberRole;
  invited_by: string;
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
  answered_at: string | null;
}

export interface RetiredPublisherIdsTable {
  id: string;
  retired_at: string;
}

export interface SharedInstallPlansTable {
  /** Derived from the request, so sharing the same plan twice gives the same id. */
  id: string;
  /** JSON of the plan request (node uses and environment). */
  request: string;
  created_at: string;
}

export interface PersonalAccessTokensTable {
  id: string;
  publisher_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** SHA-256 of the secret, hex. The secret itself is never stored. */
  token_hash: string;
  /** First characters of the secret, for the masked listing. */
  token_prefix: string;
  created_by: string | null;
  last_used_at: string | null;
  created_at: CreatedAt;
  /** When the token stops working; null: never. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the pack ids it may publish; null: every pack of the publisher. */
  node_ids: ColumnType<string | null, string | null | undefined, string | null>;
  /** Last four characters of the secret, to tell tokens apart; null for tokens made before 0014. */
  token_last_four: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReviewsTable {
  id: string;
  node_id: string;
  user_id: string;
  star: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Installs per version per UTC day; per-node figures are sums over its versions. */
export interface DownloadCountsTable {
  node_version_id: string;
  node_id: string;
  day: string;
  count: number;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: ColumnType<string, string | undefined, string>;
  before: Json;
  after: Json;
  created_at: CreatedAt;
}

export type AppealAuthorRole = 'publisher' | 'admin';
export type AppealDecision = '' | 'approve' | 'reject';

/** One message of a held version's appeal thread, or the decision that closed it (migration 0044). */
export interface AppealMessagesTable {
  id: string;
  node_version_id: string;
  author_id: string | null;
  author_role: AppealAuthorRole;
  kind: 'message' | 'decision';
  decision: ColumnType<AppealDecision, AppealDecision | undefined, AppealDecision>;
  body: string;
  created_at: string;
}

export type ClaimRequestStatus = 'pending' | 'approved' | 'denied';

/** The latest check of a claim's repository file (migration 0038). */
export type ClaimProofStatus = 'unchecked' | 'verified' | 'failed';
/** What the latest check found, as a word clients translate ('' before the first check). */
export type ClaimProofReason =
  | ''
  | 'found'
  | 'missing'
  | 'other_token'
  | 'no_token'
  | 'unreachable'
  | 'host_error'
  | 'unsupported';

/** A request to the administrators to move an unclaimed pack into a publisher (migration 0013). */
export interface ClaimRequestsTable {
  id: string;
  node_id: string;
  publisher_id: string;
  requester_id: string;
  message: ColumnType<string, string | undefined, string>;
  status: ColumnType<ClaimRequestStatus, ClaimRequestStatus | undefined, ClaimRequestStatus>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decision_note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  proof_token: ColumnType<string, string | undefined, string>;
  proof_status: ColumnType<ClaimProofStatus, ClaimProofStatus | undefined, ClaimProofStatus>;
  proof_url: ColumnType<string, string | undefined, string>;
  proof_detail: ColumnType<string, string | undefined, string>;
  proof_reason: ColumnType<ClaimProofReason, ClaimProofReason | undefined, ClaimProofReason>;
  proof_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: ColumnType<string, string | undefined, string>;
  /** Jobs with the same key take turns with other keys' jobs (the publisher, for archives). */
  fair_key: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Where an uploaded archive is in the processing pipeline. */
export type ArchiveProcessingStage = 'queued' | 'validating' | 'extracting' | 'scanning' | 'done' | 'failed';

/** One row per version whose archive arrived: the pipeline's progress and outcome. */
export interface ArchiveProcessingTable {
  node_version_id: string;
  stage: ArchiveProcessingStage;
  /** Why processing failed (not why a version was rejected: that is the version's status_reason). */
  reason: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** Anonymous per-day counts of search queries, for popular-search suggestions. */
export interface SearchQueriesTable {
  query: string;
  day: string;
  count: number;
}

/**
 * Append-only feed of catalogue changes. Every instance polls it to keep its search index and
 * response caches in step with writes made by other instances.
 */
export interface CatalogueChangesTable {
  id: Generated<number>;
  node_id: string;
  created_at: CreatedAt;
}

/** ES256 keys that sign identity tokens; the newest signs until it is rotated out, all verify. */
export interface IdentityKeysTable {
  kid: string;
  algorithm: string;
  public_jwk: string;
  /** The private JWK encrypted with the server secret (`enc1$...`), or `erased` for a retired key. */
  private_jwk: string;
  created_at: string;
  /** When the key stops signing; it verifies until the tokens it signed have expired. */
  signs_until: string | null;
}

/** A sign-in session (the cookie holds its token); deleting the row signs the session out. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One way to sign in to an account: `credential` (password hash) or a provider's account id. */
export interface AccountsTable {
  id: string;
  user_id: string;
  provider_id: string;
  account_id: string;
  /** Password hash (scrypt) for `credential`; null otherwise. */
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One-time values: password-reset tokens (stored hashed), OAuth sign-in state. */
export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Counters behind the sign-in rate limits and lockout; keys are hashes, never addresses. */
export interface AuthRateLimitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds when the count starts again from zero. */
  reset_at: number;
  /** Epoch milliseconds until which attempts are refused (lockout backoff), or null. */
  blocked_until: number | null;
}

/** An account's second sign-in factor (migration 0015); secret and codes are encrypted. */
/** A TOTP code an account has used, refused again until `expires_at` (epoch ms). */
export interface UsedTotpCodesTable {
  user_id: string;
  code: string;
  expires_at: ColumnType<number, number, number>;
}

export interface TwoFactorsTable {
  id: string;
  user_id: string;
  secret: string;
  /** Encrypted JSON list of the unused recovery codes. */
  backup_codes: string;
  verified: ColumnType<boolean | number, boolean | undefined, boolean>;
  failed_verification_count: ColumnType<number, number | undefined, number>;
  locked_until: string | null;
  created_at: CreatedAt;
}

export type UpstreamSyncStatus = 'queued' | 'running' | 'done' | 'failed';

/** The upstream sync's progress and last result (one row, id `upstream`): what makes it resumable. */
export interface UpstreamSyncTable {
  id: string;
  status: UpstreamSyncStatus;
  /** A full sync fetches every pack's versions; an incremental one only those whose entry changed. */
  full: Bool;
  /** The next `/nodes` page to read. */
  next_page: ColumnType<number, number | undefined, number>;
  total_pages: ColumnType<number, number | undefined, number>;
  /** JSON: the sync's counters (pages, packs written, refused items, requests...). */
  counts: Json;
  last_error: ColumnType<string, string | undefined, string>;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** An id an admin released for local use although the upstream has it (see docs/mirror.md). */
export interface UpstreamOverridesTable {
  normalized_id: string;
  /** The id as the admin spelt it. */
  node_id: string;
  reason: string;
  /** The admin who allowed it; null once that account is deleted (the audit log keeps the id). */
  created_by: string | null;
  created_at: string;
}

/** One change of hands of a pack (migration 0028). */
export interface PackCustodyEventsTable {
  id: string;
  node_id: string;
  /** `claim` | `transfer` | `publisher_change` | `repository_change` */
  kind: string;
  from_value: string;
  to_value: string;
  actor_user_id: string | null;
  detail: ColumnType<string, string | undefined, string>;
  created_at: string;
}

/** A publisher's registered CI identity (migration 0045): who may exchange an identity token. */
export interface TrustedPublishersTable {
  id: string;
  publisher_id: string;
  /** The OpenID Connect issuer URL, as configured (`TRUSTED_PUBLISHING_ISSUER`). */
  issuer: string;
  /** `owner/name`, lowercased. */
  repository: string;
  /** The workflow file's path in the repository, e.g. `.github/workflows/publish.yml`. */
  workflow: string;
  /** The deployment environment the job must run in, lowercased; '' for any. */
  environment: string;
  created_by: string | null;
  created_at: string;
}

/** A one-version publish credential from an identity token exchange; only its SHA-256 is kept. */
export interface TrustedPublishGrantsTable {
  id: string;
  token_hash: string;
  publisher_id: string;
  trusted_publisher_id: string;
  /** JSON: the version's provenance (`via: trusted_publisher`) taken from the token's claims. */
  provenance: string;
  expires_at: string;
  /** When a publish took it; a grant publishes once. */
  used_at: string | null;
  created_at: string;
}

/** An identity token already exchanged (SHA-256 of issuer and jti), kept until it expires. */
export interface OidcTokenUsesTable {
  token_key: string;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  publishers: PublishersTable;
  publisher_members: PublisherMembersTable;
  nodes: NodesTable;
  node_versions: NodeVersionsTable;
  node_version_status_history: NodeVersionStatusHistoryTable;
  node_version_readmes: NodeVersionReadmesTable;
  node_version_requirements: NodeVersionRequirementsTable;
  storage_files: StorageFilesTable;
  archive_directories: ArchiveDirectoriesTable;
  upload_tickets: UploadTicketsTable;
  comfy_nodes: ComfyNodesTable;
  core_comfy_nodes: CoreComfyNodesTable;
  pack_aliases: PackAliasesTable;
  pack_class_patterns: PackClassPatternsTable;
  shared_install_plans: SharedInstallPlansTable;
  retired_publisher_ids: RetiredPublisherIdsTable;
  publisher_invitations: PublisherInvitationsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  reviews: ReviewsTable;
  download_counts: DownloadCountsTable;
  audit_log: AuditLogTable;
  claim_requests: ClaimRequestsTable;
  jobs: JobsTable;
  archive_processing: ArchiveProcessingTable;
  search_queries: SearchQueriesTable;
  catalogue_changes: CatalogueChangesTable;
  identity_keys: IdentityKeysTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  auth_rate_limits: AuthRateLimitsTable;
  two_factors: TwoFactorsTable;
  used_totp_codes: UsedTotpCodesTable;
  trusted_publishers: TrustedPublishersTable;
  trusted_publish_grants: TrustedPublishGrantsTable;
  oidc_token_uses: OidcTokenUsesTable;
  upstream_sync: UpstreamSyncTable;
  upstream_overrides: UpstreamOverridesTable;
  pack_custody_events: PackCustodyEventsTable;
  appeal_messages: AppealMessagesTable;
}
