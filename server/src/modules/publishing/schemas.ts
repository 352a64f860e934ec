import { type Static, Type } from 'typebox';
import { NodeVersion, NodeVersionStatus, ReasonCode, ScanFinding } from '../catalogue/wire.js';

/**
 * Wire shapes of publishing. The publish body is what comfy-cli and the GitHub publish action
 * send; unknown extra fields are accepted (newer clients add some), and `null` reads as absent.
 */

const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const TextList = Type.Optional(
  Type.Union([Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 500 }), Type.Null()]),
);

export const PublishNodeFields = Type.Object(
  {
    id: Type.String({ maxLength: 200, description: 'Node id; must equal the path id (case-insensitively).' }),
    name: Text(200),
    description: Text(100_000),
    icon: Text(2000),
    license: Text(100_000),
    repository: Text(2000),
    banner_url: Text(2000),
    author: Text(500),
    category: Text(200),
    tags: TextList,
    supported_os: TextList,
    supported_accelerators: TextList,
    supported_comfyui_version: Text(500),
    supported_comfyui_frontend_version: Text(500),
  },
  { title: 'PublishNodeFields' },
);

export const PublishVersionFields = Type.Object(
  {
    version: Type.String({ maxLength: 200 }),
    changelog: Text(100_000),
    dependencies: TextList,
    supported_os: TextList,
    supported_accelerators: TextList,
    supported_comfyui_version: Text(500),
    supported_comfyui_frontend_version: Text(500),
  },
  { title: 'PublishVersionFields' },
);

export const PublishVersionBody = Type.Object(
  {
    personal_access_token: Type.Optional(
      Type.Union([Type.String({ maxLength: 1000 }), Type.Null()], {
        description: 'A personal access token of the publisher (comfy-cli sends it here, not in a header).',
      }),
    ),
    node: PublishNodeFields,
    node_version: PublishVersionFields,
  },
  { title: 'PublishVersionRequest' },
);
export type PublishVersionBodyJson = Static<typeof PublishVersionBody>;

export const PublishVersionResponse = Type.Object(
  {
    node_version: NodeVersion,
    signedUrl: Type.String({ description: 'Single-use URL to PUT the zip to (Content-Type: application/zip).' }),
  },
  { title: 'PublishVersionResponse', additionalProperties: false },
);

export const PackVersionParams = Type.Object({
  publisherId: Type.String({ minLength: 1, maxLength: 200 }),
  nodeId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const UploadParams = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 200, description: 'The secret part of the signed URL.' }),
});

export const UploadResponse = Type.Object(
  {
    message: Type.String(),
    node_version_id: Type.String(),
    size_bytes: Type.Integer(),
    sha256: Type.String(),
  },
  { title: 'UploadArchiveResponse', additionalProperties: false },
);

export const ProcessingStage = Type.Union(
  [
    Type.Literal('awaiting_upload'),
    Type.Literal('queued'),
    Type.Literal('validating'),
    Type.Literal('extracting'),
    Type.Literal('scanning'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ],
  {
    title: 'ProcessingStage',
    description:
      '`awaiting_upload` until the archive arrives; `queued`; `validating` (copying and checking the stored ' +
      'archive); `extracting` (the analyser reads pyproject.toml, extracts node definitions and scans the sources ' +
      'in one pass); `scanning` is reserved for a separate scan pass; then `done` or `failed`.',
  },
);

export const ProcessingStatus = Type.Object(
  {
    node_version_id: Type.String(),
    version: Type.String(),
    status: NodeVersionStatus,
    status_reason: Type.String(),
    ...ReasonCode,
    stage: ProcessingStage,
    /** Why processing failed, when it did. */
    error: Type.String(),
    findings: Type.Optional(Type.Array(ScanFinding)),
    comfy_node_extract_status: Type.String(),
    comfy_nodes: Type.Integer({ description: 'Node definitions extracted from the archive.' }),
    attempts: Type.Integer(),
    queued_at: Type.Optional(Type.String({ format: 'date-time' })),
    started_at: Type.Optional(Type.String({ format: 'date-time' })),
    finished_at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { title: 'ProcessingStatus', additionalProperties: false },
);
export type ProcessingStatusJson = Static<typeof ProcessingStatus>;

export const BrowserPublishQuery = Type.Object({
  changelog: Type.Optional(Type.String({ maxLength: 4000, description: 'Changelog of the new version.' })),
});

export const BrowserPublishResponse = Type.Object(
  { node_version: NodeVersion, processing: ProcessingStatus },
  { title: 'BrowserPublishResponse', additionalProperties: false },
);
