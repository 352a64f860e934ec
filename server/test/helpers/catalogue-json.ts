import { expect } from 'vitest';

/**
 * Expected API shapes of rows made by the factories with default values, written out literally
 * (not through the serializers) so a renamed or missing key fails the tests.
 */
export function versionJson(fields: Record<string, unknown> & { node_id: string; version: string }) {
  return {
    id: expect.any(String),
    createdAt: expect.any(String),
    changelog: '',
    dependencies: [],
    downloadUrl: '',
    deprecated: false,
    status: 'NodeVersionStatusActive',
    comfy_node_extract_status: 'pending',
    supported_os: [],
    supported_accelerators: [],
    supported_comfyui_version: '',
    supported_comfyui_frontend_version: '',
    tags: [],
    tags_admin: [],
    downloads: 0,
    install_command: `comfy node install ${fields.node_id}@${fields.version}`,
    ...fields,
  };
}

/** The public URL of a version's archive as stored by `seedPack`. */
export function archiveUrl(publisherId: string, nodeId: string, version: string): string {
  return `http://registry.test/files/${publisherId}/${nodeId}/${version}/node.zip`;
}

/** A pack as listed, with defaults of `factories.node`. */
export function nodeJson(fields: Record<string, unknown> & { id: string; name: string }) {
  return {
    description: '',
    author: '',
    license: '',
    icon: '',
    banner_url: '',
    repository: '',
    tags: [],
    tags_admin: [],
    category: '',
    rating: 0,
    downloads: 0,
    github_stars: 0,
    status: 'NodeStatusActive',
    status_detail: '',
    supported_os: [],
    supported_accelerators: [],
    supported_comfyui_version: '',
    supported_comfyui_frontend_version: '',
    search_ranking: 5,
    preempted_comfy_node_names: [],
    created_at: expect.any(String),
    // Which commands is the rule's (test/unit/install-commands.test.ts); every pack carries the list.
    install_commands: expect.any(Array),
    ...fields,
  };
}
