import type { StoredBlob } from '../../engines/storage/blob-store.js';
import type { DemoPack, DemoPublisher } from './generate.js';
import type { DemoRows } from './repository.js';

/** Adds a publisher, its owner account and the membership to a batch. */
export function addPublisherRows(rows: DemoRows, publisher: DemoPublisher): void {
  rows.users.push({
    id: publisher.owner.id,
    email: publisher.owner.email,
    name: publisher.owner.name,
    email_verified: true,
    is_approved: true,
    created_at: publisher.createdAt,
    updated_at: publisher.createdAt,
  });
  rows.publishers.push({
    id: publisher.id,
    name: publisher.name,
    description: publisher.description,
    website: publisher.website,
    created_at: publisher.createdAt,
    updated_at: publisher.createdAt,
  });
  rows.publisher_members.push({
    publisher_id: publisher.id,
    user_id: publisher.owner.id,
    role: 'owner',
    created_at: publisher.createdAt,
  });
}

/**
 * Adds a pack, its versions, their archives' storage rows, class definitions and download counts.
 * `blobs` holds the stored archive of each version by version id (absent when archives are off).
 * Pending versions have no class rows yet: the analyser has not looked at them.
 */
export function addPackRows(rows: DemoRows, pack: DemoPack, blobs: Map<string, StoredBlob>): void {
  const compatibility = {
    supported_os: JSON.stringify(pack.supportedOs),
    supported_accelerators: JSON.stringify(pack.supportedAccelerators),
    supported_comfyui_version: pack.supportedComfyuiVersion,
  };
  const updatedAt = pack.versions.at(-1)?.createdAt ?? pack.createdAt;
  rows.nodes.push({
    id: pack.id,
    normalized_id: pack.id.toLowerCase(),
    publisher_id: pack.publisherId,
    name: pack.name,
    description: pack.description,
    category: pack.category,
    author: pack.author,
    license: pack.license,
    repository_url: pack.repositoryUrl,
    normalized_repository: pack.repositoryUrl.replace(/^https:\/\//, '').toLowerCase(),
    tags: JSON.stringify(pack.tags),
    ...compatibility,
    search_ranking: pack.searchRanking,
    github_stars: pack.githubStars,
    downloads: pack.downloads,
    status: pack.status,
    latest_version_id: pack.latestVersionId,
    created_at: pack.createdAt,
    updated_at: updatedAt,
  });
  for (const version of pack.versions) {
    const blob = blobs.get(version.id);
    if (blob) {
      rows.storage_files.push({
        id: version.storageFileId,
        storage_key: blob.key,
        content_type: 'application/zip',
        size_bytes: blob.sizeBytes,
        sha256: blob.sha256,
        created_at: version.createdAt,
      });
    }
    const pending = version.status === 'NodeVersionStatusPending';
    rows.node_versions.push({
      id: version.id,
      node_id: pack.id,
      version: version.version,
      publisher_id: pack.publisherId,
      changelog: version.changelog,
      dependencies: JSON.stringify(version.dependencies),
      deprecated: version.deprecated,
      status: version.status,
      status_reason: version.statusReason,
      comfy_node_extract_status: pending ? 'pending' : 'success',
      ...compatibility,
      tags: JSON.stringify(pack.tags),
      storage_file_id: blob ? version.storageFileId : null,
      downloads: version.downloads,
      created_at: version.createdAt,
      updated_at: version.createdAt,
    });
    if (version.downloads > 0) {
      rows.download_counts.push({
        node_version_id: version.id,
        node_id: pack.id,
        day: version.createdAt.slice(0, 10),
        count: version.downloads,
      });
    }
    if (pending) continue;
    for (const [n, node] of pack.comfyNodes.entries()) {
      rows.comfy_nodes.push({
        // Unique per version and class, and the same on every run with the same seed.
        id: `${version.id.slice(0, 28)}${n.toString(16).padStart(8, '0')}`,
        node_id: pack.id,
        node_version_id: version.id,
        source: 'archive',
        name: node.name,
        display_name: node.displayName,
        category: node.category,
        description: node.description,
        input_types: node.inputTypes,
        return_types: JSON.stringify(node.returnTypes),
        return_names: JSON.stringify(node.returnNames),
        output_is_list: JSON.stringify(node.returnTypes.map(() => false)),
        function: node.function,
        output_node: node.outputNode,
        source_file: '__init__.py',
        created_at: version.createdAt,
      });
    }
  }
}
