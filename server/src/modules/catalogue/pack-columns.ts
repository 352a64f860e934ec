import type { Updateable } from 'kysely';
import type { NodesTable } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { checkHttpUrl, httpUrlOrEmpty } from '../../lib/http-url.js';
import { normalizeRepositoryUrl } from '../../lib/repository-url.js';

/**
 * Pack fields → `nodes` columns, for every writer: a publisher's or an admin's edit, a publish
 * request, an archive's pyproject.toml once processing ends, and the upstream registry's copy of
 * a mirrored pack. The columns are mapped once (`packFieldColumns`) for local writers; the
 * writers differ only in what a blank value means, and that is stated here beside the mapping
 * rather than in each writer (edits: a blank clears; publishes: a blank keeps; the mirror: the
 * upstream's copy overwrites everything, `mirroredPackColumns`).
 */

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
  /** Only a publish request carries these three; pyproject.toml does not. */
  author?: string | undefined;
  category?: string | undefined;
  tags?: string[] | undefined;
}

/** Every pack field in one shape, each absent when it should leave its column alone. */
type PackFieldValues = { [K in keyof Required<PackFields>]?: PackFields[K] | undefined };

/**
 * What a blank value means:
 * - `'clears'` (edits): the web form sends what the user typed, so `""` or `[]` empties the
 *   field; only an absent (undefined) field is left as it was.
 * - `'keeps'` (publishes and pyproject.toml): comfy-cli sends `""` and `[]` for anything
 *   pyproject.toml leaves out, and `{}` as "no license", so a blank must not wipe what the
 *   publisher (or an admin) set on the web.
 */
export type BlankRule = 'clears' | 'keeps';

/** The one mapping of pack fields to columns, under a blank rule. */
export function packFieldColumns(values: PackFieldValues, blanks: BlankRule): Updateable<NodesTable> {
  const text = (value: string | undefined): value is string =>
    value !== undefined && (blanks === 'clears' || value !== '');
  const list = (value: string[] | undefined): value is string[] =>
    value !== undefined && (blanks === 'clears' || value.length > 0);
  const columns: Updateable<NodesTable> = {};
  if (text(values.name)) columns.name = values.name;
  if (text(values.description)) columns.description = values.description;
  if (text(values.author)) columns.author = values.author;
  if (text(values.license) && (blanks === 'clears' || values.license !== '{}')) columns.license = values.license;
  if (text(values.category)) columns.category = values.category;
  if (list(values.tags)) columns.tags = JSON.stringify(values.tags);
  if (text(values.repository)) {
    columns.repository_url = values.repository;
    columns.normalized_repository = normalizeRepositoryUrl(values.repository);
  }
  if (text(values.icon)) columns.icon_url = values.icon;
  if (text(values.banner)) columns.banner_url = values.banner;
  if (list(values.supportedOs)) columns.supported_os = JSON.stringify(values.supportedOs);
  if (list(values.supportedAccelerators)) {
    columns.supported_accelerators = JSON.stringify(values.supportedAccelerators);
  }
  if (text(values.supportedComfyuiVersion)) columns.supported_comfyui_version = values.supportedComfyuiVersion;
  if (text(values.supportedComfyuiFrontendVersion)) {
    columns.supported_comfyui_frontend_version = values.supportedComfyuiFrontendVersion;
  }
  return columns;
}

/**
 * An edit's columns, for the fields that were given (blanks clear); 400 for an empty name, an
 * overlong description or a non-http link.
 */
export function packColumns(input: PackInput): Updateable<NodesTable> {
  if (input.description !== undefined && input.description.length > DESCRIPTION_MAX_LENGTH) {
    throw badRequest('description is too long', `at most ${DESCRIPTION_MAX_LENGTH} characters`);
  }
  if (input.name !== undefined && input.name.trim().length === 0) throw badRequest('name must not be empty');
  checkHttpUrl('repository', input.repository);
  checkHttpUrl('icon', input.icon);
  checkHttpUrl('banner_url', input.banner_url);
  return packFieldColumns(
    {
      name: input.name?.trim(),
      description: input.description,
      author: input.author,
      license: input.license,
      category: input.category,
      tags: input.tags,
      repository: input.repository,
      icon: input.icon,
      banner: input.banner_url,
      supportedOs: input.supported_os,
      supportedAccelerators: input.supported_accelerators,
      supportedComfyuiVersion: input.supported_comfyui_version,
      supportedComfyuiFrontendVersion: input.supported_comfyui_frontend_version,
    },
    'clears',
  );
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

/** The update a publish (or its archive's pyproject.toml) makes to an existing pack: stated values only. */
export function packPatch(fields: PackFields, now: string): Updateable<NodesTable> {
  return { updated_at: now, ...packFieldColumns(fields, 'keeps') };
}

/** A pack as an upstream registry describes it (the public registry's `Node`). */
export interface UpstreamPackFields {
  id: string;
  name?: string | undefined;
  description?: string | undefined;
  author?: string | undefined;
  license?: string | undefined;
  repository?: string | undefined;
  icon?: string | undefined;
  banner_url?: string | undefined;
  tags?: string[] | undefined;
  category?: string | undefined;
  supported_os?: string[] | undefined;
  supported_accelerators?: string[] | undefined;
  supported_comfyui_version?: string | undefined;
  supported_comfyui_frontend_version?: string | undefined;
  preempted_comfy_node_names?: string[] | undefined;
  github_stars?: number | undefined;
  downloads?: number | undefined;
  status?: 'NodeStatusActive' | 'NodeStatusDeleted' | 'NodeStatusBanned' | undefined;
  status_detail?: string | undefined;
}

/**
 * The mirror's rule, the third beside "clears" and "keeps": the upstream's copy is the truth, so
 * every column is overwritten and a value it leaves out becomes blank (a name falls back to the
 * id). Also the mirror's bookkeeping: where it came from, when, and the entry's fingerprint.
 */
export function mirroredPackColumns(
  node: UpstreamPackFields,
  mirror: { upstream: string; publisherId: string; fingerprint: string; now: string },
) {
  return {
    publisher_id: mirror.publisherId,
    name: node.name || node.id,
    description: node.description ?? '',
    author: node.author ?? '',
    license: node.license ?? '',
    // The upstream's links are shown as links and images here: only http(s) ones are kept.
    repository_url: httpUrlOrEmpty(node.repository),
    normalized_repository: normalizeRepositoryUrl(httpUrlOrEmpty(node.repository)),
    icon_url: httpUrlOrEmpty(node.icon),
    banner_url: httpUrlOrEmpty(node.banner_url),
    tags: JSON.stringify(node.tags ?? []),
    category: node.category ?? '',
    supported_os: JSON.stringify(node.supported_os ?? []),
    supported_accelerators: JSON.stringify(node.supported_accelerators ?? []),
    supported_comfyui_version: node.supported_comfyui_version ?? '',
    supported_comfyui_frontend_version: node.supported_comfyui_frontend_version ?? '',
    preempted_comfy_node_names: JSON.stringify(node.preempted_comfy_node_names ?? []),
    github_stars: Math.round(node.github_stars ?? 0),
    downloads: Math.round(node.downloads ?? 0),
    status: node.status ?? ('NodeStatusActive' as const),
    status_detail: node.status_detail ?? '',
    mirrored_from: mirror.upstream,
    last_synced_at: mirror.now,
    upstream_fingerprint: mirror.fingerprint,
    updated_at: mirror.now,
  };
}
