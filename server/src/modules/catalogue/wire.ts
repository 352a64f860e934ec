import { type Static, Type } from 'typebox';
import { Page } from '../../lib/schemas.js';

/**
 * The registry's wire types, shared by every module. Embed them directly in route schemas; the
 * `title` makes the OpenAPI document name them as components (see lib/openapi-components.ts). Keys follow the public registry exactly
 * (mixed camelCase and snake_case on purpose: real clients read them).
 */

export const NodeStatus = Type.Union(
  [Type.Literal('NodeStatusActive'), Type.Literal('NodeStatusDeleted'), Type.Literal('NodeStatusBanned')],
  { title: 'NodeStatus' },
);
export const NodeVersionStatus = Type.Union(
  [
    Type.Literal('NodeVersionStatusActive'),
    Type.Literal('NodeVersionStatusDeleted'),
    Type.Literal('NodeVersionStatusBanned'),
    Type.Literal('NodeVersionStatusPending'),
    Type.Literal('NodeVersionStatusFlagged'),
  ],
  { title: 'NodeVersionStatus' },
);
export const PublisherStatus = Type.Union(
  [Type.Literal('PublisherStatusActive'), Type.Literal('PublisherStatusBanned')],
  { title: 'PublisherStatus' },
);

const StringList = Type.Array(Type.String());

/**
 * Next to `status_reason` when the pipeline wrote it (the archive rejected, or a ban): the stable code
 * and parameters of its sentence (docs/api-errors.md), for clients to say it in their language.
 */
export const ReasonCode = {
  status_reason_code: Type.Optional(
    Type.String({ description: 'Code of a reason the pipeline wrote: a rejected archive or a ban.' }),
  ),
  status_reason_params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
      description: 'The values the rejection’s sentence names.',
    }),
  ),
};

/**
 * One entry of a version's Python requirements as read from its archive: a requirement (or a
 * constraint from a `-c` file), a pip option line (`--extra-index-url`), or a line pip could not
 * read. `name` is PEP 503 normalised; `source_file`/`line` say where it was written.
 */
export const PythonRequirement = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('requirement'),
      Type.Literal('constraint'),
      Type.Literal('option'),
      Type.Literal('problem'),
    ]),
    name: Type.String({ description: "PEP 503 normalised project name; '' when the entry names none." }),
    specifier: Type.String({ description: "Comma-joined PEP 440 specifiers (`>=1.0,<2`); '' for any version." }),
    extras: StringList,
    markers: Type.String({ description: "Environment marker as written; '' when none." }),
    url: Type.String({ description: "Direct reference of a requirement, or an option's value; '' otherwise." }),
    option: Type.String({ description: "The pip option's long name for an option entry; '' otherwise." }),
    editable: Type.Boolean(),
    source_file: Type.String(),
    line: Type.Integer(),
    text: Type.String({ description: 'The entry as written.' }),
    problem: Type.String({ description: "Why a problem entry could not be read; '' otherwise." }),
  },
  { title: 'PythonRequirement', additionalProperties: false },
);
export type PythonRequirementJson = Static<typeof PythonRequirement>;

/** One way to install a pack, as a shell command: decided by `install-commands.ts`. */
export const InstallCommand = Type.Object(
  {
    kind: Type.Union([Type.Literal('latest'), Type.Literal('version'), Type.Literal('git')], {
      description: '`latest`: comfy-cli by id; `version`: comfy-cli pinned to the latest version; `git`: a clone.',
    }),
    command: Type.String(),
  },
  { title: 'InstallCommand', additionalProperties: false },
);
export type InstallCommandJson = Static<typeof InstallCommand>;

export const NodeVersion = Type.Object(
  {
    id: Type.String(),
    node_id: Type.String(),
    version: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    changelog: Type.String(),
    dependencies: StringList,
    downloadUrl: Type.String({ description: 'Archive URL; empty while no archive is stored.' }),
    deprecated: Type.Boolean(),
    status: NodeVersionStatus,
    status_reason: Type.Optional(Type.String()),
    ...ReasonCode,
    comfy_node_extract_status: Type.String(),
    comfy_node_extract_reason: Type.Optional(
      Type.String({
        description:
          'What reading the node classes from the archive found, and why when it found none (single-version reads only).',
      }),
    ),
    requirements: Type.Optional(
      Type.Array(PythonRequirement, {
        description:
          'The Python requirements read from the archive: requirements.txt with the files it includes, then `[project].dependencies` (single-version reads only).',
      }),
    ),
    supported_os: StringList,
    supported_accelerators: StringList,
    supported_comfyui_version: Type.String(),
    supported_comfyui_frontend_version: Type.String(),
    tags: StringList,
    tags_admin: StringList,
    downloads: Type.Integer(),
    install_command: Type.String({
      description: "comfy-cli's command for this version (`comfy node install <id>@<version>`).",
    }),
    labels: Type.Optional(
      Type.Array(Type.String(), {
        description: 'What the automated checks saw the code do, as label ids (docs/moderation.md); absent when none.',
      }),
    ),
  },
  { title: 'NodeVersion', additionalProperties: false },
);
export type NodeVersionJson = Static<typeof NodeVersion>;

/** A version in the version lists, where `status_reason` is always present (`""` unless asked for). */
export const ListedNodeVersion = Type.Object(
  {
    ...NodeVersion.properties,
    status_reason: Type.String({
      description: 'Why the version has its status; `""` unless `include_status_reason=true`.',
    }),
  },
  { title: 'ListedNodeVersion', additionalProperties: false },
);
export type ListedNodeVersionJson = Static<typeof ListedNodeVersion>;

export const PublisherRef = Type.Object(
  { id: Type.String(), name: Type.String() },
  { title: 'PublisherRef', additionalProperties: false },
);

export const Node = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    author: Type.String(),
    license: Type.String(),
    icon: Type.String(),
    banner_url: Type.String(),
    repository: Type.String(),
    tags: StringList,
    tags_admin: StringList,
    category: Type.String(),
    latest_version: Type.Optional(NodeVersion),
    install_commands: Type.Array(InstallCommand, {
      description:
        'How to install the pack, most direct first: comfy-cli by id and pinned to `latest_version` when there is one; `git clone` of the repository when there is none or the pack is unclaimed; empty when nothing installs it.',
    }),
    rating: Type.Number(),
    downloads: Type.Integer(),
    github_stars: Type.Integer(),
    publisher: Type.Optional(PublisherRef),
    status: NodeStatus,
    status_detail: Type.String(),
    supported_os: StringList,
    supported_accelerators: StringList,
    supported_comfyui_version: Type.String(),
    supported_comfyui_frontend_version: Type.String(),
    search_ranking: Type.Integer(),
    preempted_comfy_node_names: StringList,
    translations: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
    created_at: Type.String({ format: 'date-time' }),
    mirrored_from: Type.Optional(
      Type.String({ description: 'Only on mirrored packs: the upstream registry this pack is copied from.' }),
    ),
    last_synced: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Only on mirrored packs: when the mirror last saw the pack in the upstream catalogue.',
      }),
    ),
  },
  { title: 'Node', additionalProperties: false },
);
export type NodeJson = Static<typeof Node>;

export const PublisherMember = Type.Object(
  {
    id: Type.String(),
    user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.Optional(Type.String()) }),
    role: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
  },
  { title: 'PublisherMember', additionalProperties: false },
);

export const Publisher = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    website: Type.String(),
    support: Type.String(),
    source_code_repo: Type.String(),
    logo: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    members: Type.Array(PublisherMember),
    status: PublisherStatus,
  },
  { title: 'Publisher', additionalProperties: false },
);
export type PublisherJson = Static<typeof Publisher>;

export const ComfyNode = Type.Object(
  {
    comfy_node_name: Type.String(),
    comfy_node_id: Type.String({ description: 'Same as comfy_node_name; kept for older clients.' }),
    display_name: Type.String(),
    category: Type.String(),
    description: Type.String(),
    input_types: Type.String({ description: 'JSON text of the INPUT_TYPES definition.' }),
    return_types: Type.String({ description: 'JSON text of RETURN_TYPES.' }),
    return_names: Type.String({ description: 'JSON text of RETURN_NAMES.' }),
    output_is_list: Type.Array(Type.Boolean()),
    function: Type.String(),
    output_node: Type.Boolean(),
    deprecated: Type.Boolean(),
    experimental: Type.Boolean(),
    policy: Type.String(),
    node_id: Type.String(),
    node_version: Type.String(),
  },
  { title: 'ComfyNode', additionalProperties: false },
);
export type ComfyNodeJson = Static<typeof ComfyNode>;

// The scanner's finding is the analyser's own shape; the wire serves it as it is.
export { ScanFinding, type ScanFindingJson } from '../../engines/archive/scan-finding.js';

/** The `/nodes`-style page envelope. */
export const NodesPage = Page('NodesPage', 'nodes', Node);
export type NodesPageJson = Static<typeof NodesPage>;

/** The `/versions`-style page envelope. */
export const VersionsPage = Page('VersionsPage', 'versions', ListedNodeVersion, 'pageSize');

/** Reserved publisher that holds packs nobody has claimed yet. */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';
