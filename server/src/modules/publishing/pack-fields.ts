import type { Updateable } from 'kysely';
import type { NodesTable } from '../../db/schema.js';
import { normalizeRepositoryUrl } from '../catalogue-import/text.js';

/** Pack metadata as a publish request or an archive's pyproject.toml states it. */
export interface PackFields {
  name: string;
  description: string;
  /** JSON text as comfy-cli sends it: `{"text": "MIT"}`, `{"file": "LICENSE"}` or `{}`. */
  license: string;
  repository: string;
  icon: string;
  banner: string;
  supportedOs: string[];
  supportedAccelerators: string[];
  supportedComfyuiVersion: string;
  supportedComfyuiFrontendVersion: string;
}

/**
 * The update a publish makes to an existing pack. Only stated values overwrite: comfy-cli sends
 * `""` and `[]` for anything pyproject.toml leaves out, and a blank must not wipe what the
 * publisher (or an admin) set on the web. `{}` is comfy-cli's "no license".
 */
export function packPatch(fields: PackFields, now: string): Updateable<NodesTable> {
  const patch: Updateable<NodesTable> = { updated_at: now };
  if (fields.name) patch.name = fields.name;
  if (fields.description) patch.description = fields.description;
  if (fields.license && fields.license !== '{}') patch.license = fields.license;
  if (fields.repository) {
    patch.repository_url = fields.repository;
    patch.normalized_repository = normalizeRepositoryUrl(fields.repository);
  }
  if (fields.icon) patch.icon_url = fields.icon;
  if (fields.banner) patch.banner_url = fields.banner;
  if (fields.supportedOs.length > 0) patch.supported_os = JSON.stringify(fields.supportedOs);
  if (fields.supportedAccelerators.length > 0) {
    patch.supported_accelerators = JSON.stringify(fields.supportedAccelerators);
  }
  if (fields.supportedComfyuiVersion) patch.supported_comfyui_version = fields.supportedComfyuiVersion;
  if (fields.supportedComfyuiFrontendVersion) {
    patch.supported_comfyui_frontend_version = fields.supportedComfyuiFrontendVersion;
  }
  return patch;
}
