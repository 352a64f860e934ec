import { expect } from 'vitest';

/** A freshly created pack as every single-pack answer shows it. */
export function newPack(overrides: Record<string, unknown>) {
  return {
    id: 'hello',
    name: 'hello',
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
    ...overrides,
  };
}
