import type { Updateable } from 'kysely';
import type { NodesTable } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { normalizeRepositoryUrl } from '../catalogue-import/text.js';
import { checkHttpUrl } from '../publishers/fields.js';

/** The longest pack description (the public registry's limit on create). */
export const DESCRIPTION_MAX_LENGTH = 1000;

/** Pack fields a publisher edits, as the API names them. */
export interface PackInput {
  name?: string | undefined;
  description?: string | undefined;
  author?: string | undefined;
  license?: string | undefined;
  category?: string | undefined;
  tags?: string[] | undefined;
  repository?: string | undefined;
  icon?: string | undefined;
  banner_url?: string | undefined;
  supported_os?: string[] | undefined;
  supported_accelerators?: string[] | undefined;
  supported_comfyui_version?: string | undefined;
  supported_comfyui_frontend_version?: string | undefined;
}

/** Fields only admins change (ranking and curation); ignored when anyone else sends them. */
export interface AdminPackInput {
  search_ranking?: number | undefined;
  preempted_comfy_node_names?: string[] | undefined;
  tags_admin?: string[] | undefined;
}

/** Column values for the fields that were given; 400 for an overlong description or a non-http link. */
export function packColumns(input: PackInput): Updateable<NodesTable> {
  if (input.description !== undefined && input.description.length > DESCRIPTION_MAX_LENGTH) {
    throw badRequest('description is too long', `at most ${DESCRIPTION_MAX_LENGTH} characters`);
  }
  if (input.name !== undefined && input.name.trim().length === 0) throw badRequest('name must not be empty');
  checkHttpUrl('repository', input.repository);
  checkHttpUrl('icon', input.icon);
  checkHttpUrl('banner_url', input.banner_url);
  const columns: Updateable<NodesTable> = {};
  if (input.name !== undefined) columns.name = input.name.trim();
  if (input.description !== undefined) columns.description = input.description;
  if (input.author !== undefined) columns.author = input.author;
  if (input.license !== undefined) columns.license = input.license;
  if (input.category !== undefined) columns.category = input.category;
  if (input.tags !== undefined) columns.tags = JSON.stringify(input.tags);
  if (input.repository !== undefined) {
    columns.repository_url = input.repository;
    columns.normalized_repository = normalizeRepositoryUrl(input.repository);
  }
  if (input.icon !== undefined) columns.icon_url = input.icon;
  if (input.banner_url !== undefined) columns.banner_url = input.banner_url;
  if (input.supported_os !== undefined) columns.supported_os = JSON.stringify(input.supported_os);
  if (input.supported_accelerators !== undefined) {
    columns.supported_accelerators = JSON.stringify(input.supported_accelerators);
  }
  if (input.supported_comfyui_version !== undefined)
    columns.supported_comfyui_version = input.supported_comfyui_version;
  if (input.supported_comfyui_frontend_version !== undefined) {
    columns.supported_comfyui_frontend_version = input.supported_comfyui_frontend_version;
  }
  return columns;
}

/** Column values of the admin-only fields that were given. */
export function adminPackColumns(input: AdminPackInput): Updateable<NodesTable> {
  const columns: Updateable<NodesTable> = {};
  if (input.search_ranking !== undefined) columns.search_ranking = input.search_ranking;
  if (input.preempted_comfy_node_names !== undefined) {
    columns.preempted_comfy_node_names = JSON.stringify(input.preempted_comfy_node_names);
  }
  if (input.tags_admin !== undefined) columns.tags_admin = JSON.stringify(input.tags_admin);
  return columns;
}
