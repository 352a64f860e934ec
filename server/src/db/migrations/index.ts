import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import * as m0001 from './0001_catalogue.js';
import * as m0002 from './0002_identity_keys.js';
import * as m0003 from './0003_archive_processing.js';
import * as m0004 from './0004_auth.js';
import * as m0005 from './0005_catalogue_order.js';
import * as m0006 from './0006_catalogue_order_covering.js';
import * as m0007 from './0007_core_comfy_nodes.js';
import * as m0008 from './0008_hashed_session_tokens.js';
import * as m0009 from './0009_identity_key_rotation.js';
import * as m0010 from './0010_job_fair_key.js';
import * as m0013 from './0013_claim_requests.js';
import * as m0014 from './0014_token_expiry_scope.js';
import * as m0015 from './0015_two_factor.js';
import * as m0017 from './0017_upstream_mirror.js';
import * as m0019 from './0019_version_readmes.js';
import * as m0021 from './0021_upstream_overrides.js';
import * as m0022 from './0022_upload_ticket_token.js';
import * as m0024 from './0024_scan_grades.js';
import * as m0026 from './0026_version_requirements.js';
import * as m0028 from './0028_custody.js';
import * as m0032 from './0032_pack_aliases.js';
import * as m0033 from './0033_shared_install_plans.js';
import * as m0035 from './0035_used_totp_codes.js';
import * as m0037 from './0037_archive_hash_source.js';
import * as m0038 from './0038_claim_proof.js';
import * as m0042 from './0042_retired_publisher_ids.js';
import * as m0043 from './0043_publisher_invitations.js';
import * as m0044 from './0044_appeals.js';
import * as m0045 from './0045_trusted_publishing.js';
import * as m0046 from './0046_archive_directories.js';

/** A migration written once for both dialects. */
export interface RegistryMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, RegistryMigration> = {
  '0001_catalogue': m0001,
  '0002_identity_keys': m0002,
  '0003_archive_processing': m0003,
  '0004_auth': m0004,
  '0005_catalogue_order': m0005,
  '0006_catalogue_order_covering': m0006,
  '0007_core_comfy_nodes': m0007,
  '0008_hashed_session_tokens': m0008,
  '0009_identity_key_rotation': m0009,
  '0010_job_fair_key': m0010,
  '0013_claim_requests': m0013,
  '0014_token_expiry_scope': m0014,
  '0015_two_factor': m0015,
  '0017_upstream_mirror': m0017,
  '0019_version_readmes': m0019,
  '0021_upstream_overrides': m0021,
  '0022_upload_ticket_token': m0022,
  '0024_scan_grades': m0024,
  '0026_version_requirements': m0026,
  '0028_custody': m0028,
  '0032_pack_aliases': m0032,
  '0033_shared_install_plans': m0033,
  '0035_used_totp_codes': m0035,
  '0037_archive_hash_source': m0037,
  '0038_claim_proof': m0038,
  '0042_retired_publisher_ids': m0042,
  '0043_publisher_invitations': m0043,
  '0044_appeals': m0044,
  '0045_trusted_publishing': m0045,
  '0046_archive_directories': m0046,
};
