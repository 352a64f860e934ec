import { Type } from 'typebox';
import { PublisherParams } from '../publishers/schemas.js';

const Text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));
const List = (description: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50, description }));

/** Fields a publisher sets on a pack; every one optional, so the same shape serves edits. */
const packFields = {
  name: Text(200, 'Display name; defaults to the id.'),
  description: Type.Optional(Type.String({ description: 'At most 1000 characters.' })),
  author: Text(200),
  license: Text(5000, 'License text, SPDX id or the JSON comfy-cli sends.'),
  category: Text(100),
  tags: List('Free-form tags.'),
  repository: Text(2048, 'http(s) URL of the source repository.'),
  icon: Text(2048, 'http(s) URL of an icon.'),
  banner_url: Text(2048, 'http(s) URL of a banner image.'),
  supported_os: List('Operating systems the pack runs on.'),
  supported_accelerators: List('Accelerators the pack runs on.'),
  supported_comfyui_version: Text(200, 'Version range of ComfyUI.'),
  supported_comfyui_frontend_version: Text(200, 'Version range of the ComfyUI front end.'),
};

/**
 * Body of `POST /publishers/{p}/nodes`. The id is checked by the service so that its messages
 * are the public registry's; other read-only Node keys a client echoes back are ignored.
 */
export const CreatePackBody = Type.Object({
  id: Type.Optional(Type.String({ description: 'Pack id: 1–100 ASCII letters, digits, `.`, `_`, `-`.' })),
  ...packFields,
});

/** Body of `PUT /publishers/{p}/nodes/{n}`: any subset; the admin-only keys apply for admins only. */
export const UpdatePackBody = Type.Object({
  id: Type.Optional(Type.String({ description: 'When sent, must name this pack.' })),
  ...packFields,
  search_ranking: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: 'Admins only.' })),
  preempted_comfy_node_names: List('Admins only.'),
  tags_admin: List('Admins only.'),
});

export const PackParams = Type.Object({
  publisherId: PublisherParams.properties.publisherId,
  nodeId: Type.String({ minLength: 1, maxLength: 200, description: 'Pack id (any case).' }),
});

export const VersionParams = Type.Object({
  ...PackParams.properties,
  versionId: Type.String({ format: 'uuid', description: 'The version id (a UUID), not the version string.' }),
});

export const IncludeBanned = Type.Optional(
  Type.Boolean({ description: 'Also list banned packs (owners, members and admins only).' }),
);
