import { Type } from 'typebox';
import { Page } from '../../lib/schemas.js';
import { NodeVersion, ScanFinding } from '../catalogue/wire.js';

/** Path parameters of a version under a pack. */
export const VersionParams = Type.Object({
  nodeId: Type.String({ minLength: 1, maxLength: 100 }),
  versionNumber: Type.String({ minLength: 1, maxLength: 64 }),
});

export const NodeParams = Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 100 }) });

/** The compatibility fields an admin may override. */
export const CompatFields = {
  supported_os: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  supported_accelerators: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  supported_comfyui_version: Type.Optional(Type.String({ maxLength: 200 })),
  supported_comfyui_frontend_version: Type.Optional(Type.String({ maxLength: 200 })),
};

/** A reason an admin gives for an action (shown to moderators and in the audit log). */
export const Reason = Type.String({ maxLength: 2000 });

export const StatusHistoryEntry = Type.Object(
  {
    id: Type.String(),
    from_status: Type.Union([Type.String(), Type.Null()]),
    from_reason: Type.Union([Type.String(), Type.Null()]),
    to_status: Type.String(),
    to_reason: Type.String(),
    actor: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'NodeVersionStatusChange', additionalProperties: false },
);

export const QueueFinding = Type.Object(
  {
    ...ScanFinding.properties,
    previously_approved: Type.Boolean({
      description: 'The same file, issue type and snippet was approved in an earlier, now Active version.',
    }),
  },
  { title: 'ReviewQueueFinding', additionalProperties: false },
);

export const ReviewQueueItem = Type.Object(
  {
    ...NodeVersion.properties,
    node_name: Type.String(),
    node_repository: Type.String(),
    publisher_id: Type.String(),
    comfy_nodes: Type.Integer({ minimum: 0, description: 'Node classes read from the archive.' }),
    findings: Type.Array(QueueFinding),
    previously_approved: Type.Boolean({
      description: 'Every finding that holds was approved before (and there is at least one).',
    }),
  },
  { title: 'ReviewQueueItem', additionalProperties: false },
);

export const ReviewQueuePage = Page('ReviewQueuePage', 'versions', ReviewQueueItem, 'pageSize');

export const ReviewResult = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String(),
    status: Type.Union([Type.Literal('ok'), Type.Literal('not_found'), Type.Literal('error')]),
    node_version: Type.Optional(NodeVersion),
    message: Type.Optional(Type.String()),
  },
  { title: 'ReviewResult', additionalProperties: false },
);
