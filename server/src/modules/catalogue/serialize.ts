import type { Selectable } from 'kysely';
import type { ComfyNodesTable, NodesTable, NodeVersionsTable, PublishersTable } from '../../db/schema.js';
import { parseJsonArray, parseJsonObject, toBool } from '../../db/values.js';
import { statusReasonCode } from './archive-rejections.js';
import { installCommands, versionInstallCommand } from './install-commands.js';
import type { ComfyNodeJson, NodeJson, NodeVersionJson, PublisherJson } from './wire.js';

/** Default `search_ranking` for packs an admin has not ranked. */
export const DEFAULT_SEARCH_RANKING = 5;

export interface VersionSerializeOptions {
  /** Public URL of the stored archive, or '' when none is stored. */
  downloadUrl: string;
  /** Whether to include `status_reason` (some endpoints only do when asked). */
  includeStatusReason: boolean;
}

/** A version row as the API shows it. */
export function serializeVersion(
  row: Selectable<NodeVersionsTable>,
  options: VersionSerializeOptions,
): NodeVersionJson {
  return {
    id: row.id,
    node_id: row.node_id,
    version: row.version,
    createdAt: row.created_at,
    changelog: row.changelog,
    dependencies: parseJsonArray(row.dependencies),
    downloadUrl: options.downloadUrl,
    deprecated: toBool(row.deprecated),
    status: row.status,
    ...(options.includeStatusReason
      ? { status_reason: row.status_reason, ...statusReasonCode(row.status_reason) }
      : {}),
    comfy_node_extract_status: row.comfy_node_extract_status,
    supported_os: parseJsonArray(row.supported_os),
    supported_accelerators: parseJsonArray(row.supported_accelerators),
    supported_comfyui_version: row.supported_comfyui_version,
    supported_comfyui_frontend_version: row.supported_comfyui_frontend_version,
    tags: parseJsonArray(row.tags),
    tags_admin: parseJsonArray(row.tags_admin),
    downloads: Number(row.downloads),
    install_command: versionInstallCommand(row.node_id, row.version),
    ...labelsOf(row.scan_labels),
  };
}

/** `labels` only when the scan gave some, so answers for unlabelled versions keep their old shape. */
function labelsOf(stored: string | undefined): { labels?: string[] } {
  const labels = stored ? parseJsonArray(stored) : [];
  return labels.length > 0 ? { labels } : {};
}

export interface NodeSerializeOptions {
  latestVersion?: NodeVersionJson | undefined;
  /** Lists carry `publisher: {id, name}`; single-node answers omit it like the public registry. */
  publisher?: { id: string; name: string } | undefined;
  includeTranslations?: boolean;
}

/** A node row as the API shows it. Absent values are omitted, never null (clients crash on null). */
export function serializeNode(row: Selectable<NodesTable>, options: NodeSerializeOptions = {}): NodeJson {
  const reviews = Number(row.total_review);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    license: row.license,
    icon: row.icon_url,
    banner_url: row.banner_url,
    repository: row.repository_url,
    tags: parseJsonArray(row.tags),
    tags_admin: parseJsonArray(row.tags_admin),
    category: row.category,
    ...(options.latestVersion ? { latest_version: options.latestVersion } : {}),
    install_commands: installCommands({
      id: row.id,
      repository: row.repository_url,
      publisherId: row.publisher_id,
      latestVersion: options.latestVersion?.version,
    }),
    rating: reviews > 0 ? Number(row.total_star) / reviews : 0,
    downloads: Number(row.downloads),
    github_stars: Number(row.github_stars),
    ...(options.publisher ? { publisher: options.publisher } : {}),
    status: row.status,
    status_detail: row.status_detail,
    supported_os: parseJsonArray(row.supported_os),
    supported_accelerators: parseJsonArray(row.supported_accelerators),
    supported_comfyui_version: row.supported_comfyui_version,
    supported_comfyui_frontend_version: row.supported_comfyui_frontend_version,
    search_ranking: row.search_ranking ?? DEFAULT_SEARCH_RANKING,
    preempted_comfy_node_names: parseJsonArray(row.preempted_comfy_node_names),
    ...(options.includeTranslations
      ? { translations: parseJsonObject(row.translations) as Record<string, Record<string, unknown>> }
      : {}),
    created_at: row.created_at,
    // Only mirrored packs carry the label, so answers for local packs stay exactly the public shape.
    ...(row.mirrored_from
      ? { mirrored_from: row.mirrored_from, ...(row.last_synced_at ? { last_synced: row.last_synced_at } : {}) }
      : {}),
  };
}

export interface PublisherMemberInput {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'member';
}

/** A publisher row as the API shows it; member e-mails only when the caller may see them. */
export function serializePublisher(
  row: Selectable<PublishersTable>,
  members: PublisherMemberInput[],
  options: { showEmails: boolean },
): PublisherJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website,
    support: row.support_email,
    source_code_repo: row.source_code_repo,
    logo: row.logo_url,
    createdAt: row.created_at,
    members: members.map((m) => ({
      id: `${row.id}:${m.userId}`,
      user: { id: m.userId, name: m.name, ...(options.showEmails ? { email: m.email } : {}) },
      role: m.role,
    })),
    status: row.status,
  };
}

/** A comfy-node definition row as the API shows it. */
export function serializeComfyNode(
  row: Selectable<ComfyNodesTable>,
  owner: { nodeId: string; version: string },
): ComfyNodeJson {
  let outputIsList: boolean[] = [];
  try {
    const parsed: unknown = JSON.parse(row.output_is_list);
    if (Array.isArray(parsed)) outputIsList = parsed.map((v) => v === true);
  } catch {
    outputIsList = [];
  }
  return {
    comfy_node_name: row.name,
    comfy_node_id: row.name,
    display_name: row.display_name,
    category: row.category,
    description: row.description,
    input_types: row.input_types,
    return_types: row.return_types,
    return_names: row.return_names,
    output_is_list: outputIsList,
    function: row.function,
    output_node: toBool(row.output_node),
    deprecated: toBool(row.deprecated),
    experimental: toBool(row.experimental),
    policy: row.policy,
    node_id: owner.nodeId,
    node_version: owner.version,
  };
}
