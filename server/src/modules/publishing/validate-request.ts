import { badRequest, withCode } from '../../lib/errors.js';
import { checkHttpUrl } from '../../lib/http-url.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import type { PackFields } from '../catalogue/pack-columns.js';
import { DESCRIPTION_MAX_LENGTH } from '../catalogue/pack-columns.js';
import type { PublishVersionBodyJson } from './schemas.js';

/** A publish request after its fields were read and checked (the token is checked elsewhere). */
export interface PublishRequest {
  publisherId: string;
  /** The node id as the path gives it; the stored pack may spell it differently. */
  nodeId: string;
  pack: PackFields & { author: string; category: string; tags: string[] };
  version: VersionFields;
}

/** What a new version row is made of. */
export interface VersionFields {
  /** Normalised semver (`v1.2` → `1.2.0`). */
  version: string;
  changelog: string;
  dependencies: string[];
  supportedOs: string[];
  supportedAccelerators: string[];
  supportedComfyuiVersion: string;
  supportedComfyuiFrontendVersion: string;
}

/**
 * Reads the body of `POST /publishers/{p}/nodes/{n}/versions`: the body's node id must be the
 * path's (case-insensitively; the public registry never compared them), the description must fit,
 * and the version must be something semver can read. Missing values come as `""`/`[]`/null.
 */
export function readPublishRequest(
  params: { publisherId: string; nodeId: string },
  body: PublishVersionBodyJson,
): PublishRequest {
  const { node, node_version: nv } = body;
  if (node.id.toLowerCase() !== params.nodeId.toLowerCase()) {
    throw withCode(
      badRequest(
        'Node ID in the URL and the body must be the same',
        `URL has "${params.nodeId}", body has "${node.id.slice(0, 200)}"`,
      ),
      'publish.node_id_mismatch',
      { nodeId: params.nodeId, bodyNodeId: node.id.slice(0, 200) },
    );
  }
  const description = node.description ?? '';
  if (description.length > DESCRIPTION_MAX_LENGTH) {
    throw withCode(
      badRequest('description is too long', `at most ${DESCRIPTION_MAX_LENGTH} characters`),
      'validation.max_length',
      { field: 'description', limit: DESCRIPTION_MAX_LENGTH },
    );
  }
  // Shown as a link on the pack page: a `javascript:` URL would run in a visitor's browser.
  checkHttpUrl('repository', node.repository ?? undefined);
  checkHttpUrl('icon', node.icon ?? undefined);
  checkHttpUrl('banner_url', node.banner_url ?? undefined);
  const version = normalizeVersion(nv.version);
  if (!version) {
    throw withCode(
      badRequest(
        'Failed to create node version',
        `"${nv.version.slice(0, 100)}" is not a valid semantic version (expected something like 1.2.3)`,
      ),
      'version.not_semantic',
      { version: nv.version.slice(0, 100) },
    );
  }
  return {
    publisherId: params.publisherId,
    nodeId: params.nodeId,
    pack: {
      name: (node.name ?? '').trim(),
      description,
      license: node.license ?? '',
      repository: node.repository ?? '',
      icon: node.icon ?? '',
      banner: node.banner_url ?? '',
      author: node.author ?? '',
      category: node.category ?? '',
      tags: node.tags ?? [],
      supportedOs: node.supported_os ?? [],
      supportedAccelerators: node.supported_accelerators ?? [],
      supportedComfyuiVersion: node.supported_comfyui_version ?? '',
      supportedComfyuiFrontendVersion: node.supported_comfyui_frontend_version ?? '',
    },
    version: {
      version,
      changelog: nv.changelog ?? '',
      dependencies: nv.dependencies ?? [],
      supportedOs: nv.supported_os ?? [],
      supportedAccelerators: nv.supported_accelerators ?? [],
      supportedComfyuiVersion: nv.supported_comfyui_version ?? '',
      supportedComfyuiFrontendVersion: nv.supported_comfyui_frontend_version ?? '',
    },
  };
}
