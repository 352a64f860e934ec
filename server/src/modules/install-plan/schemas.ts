import { type Static, Type } from 'typebox';
import { MAX_CLASS_NAME_LENGTH, MAX_NODE_USES } from './workflow-read.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const NodeUseInput = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: MAX_CLASS_NAME_LENGTH, description: 'The node class.' }),
    count: Type.Optional(Type.Integer({ minimum: 1, description: 'How many nodes use it (1 when left out).' })),
    cnr_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: "The node's `properties.cnr_id`." }),
    ),
    aux_id: Type.Optional(
      Type.String({
        pattern: '^[^/\\s]+/[^/\\s]+$',
        maxLength: 200,
        description: "The node's `properties.aux_id` (`owner/repo`).",
      }),
    ),
    ver: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "The node's `properties.ver`." })),
  },
  { title: 'WorkflowNodeUse', additionalProperties: false },
);

export const PlanEnvironmentInput = {
  comfyui_release: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'A ComfyUI release from `GET /install-plan/comfyui-releases`: its requirements join the check.',
    }),
  ),
  os: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'The operating system run (`linux`, `windows`, `macos`).',
    }),
  ),
  accelerator: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'The accelerator run (`cuda`, `rocm`, `mps`, `xpu`, `cpu`, ...).',
    }),
  ),
  comfyui_version: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'The ComfyUI version run, checked against declared ranges.',
    }),
  ),
  installed: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 500,
      description: 'Ids of packs already installed (latest version), whose requirements join the check.',
    }),
  ),
};

export const PlanRequest = Type.Object(
  {
    workflow: Type.Optional(
      Type.Unknown({
        description:
          'A workflow as ComfyUI saves it: UI format (`nodes`, `definitions.subgraphs`, `extra.groupNodes`) or API format (`{id: {class_type}}`).',
      }),
    ),
    nodes: Type.Optional(
      Type.Array(NodeUseInput, {
        minItems: 1,
        maxItems: MAX_NODE_USES,
        description: 'The node uses, instead of a workflow (what the plan of a workflow is computed from).',
      }),
    ),
    ...PlanEnvironmentInput,
  },
  { title: 'InstallPlanRequest', additionalProperties: false },
);
export type PlanRequestBody = Static<typeof PlanRequest>;

const Commands = Type.Object(
  {
    comfy_cli: Nullable(Type.String({ description: '`comfy node install <id>@<version>`.' })),
    manager: Nullable(Type.String({ description: "ComfyUI-Manager's `cm-cli install <id>@<version>`." })),
    git: Nullable(Type.String({ description: '`git clone` into `custom_nodes/`, for packs not installable here.' })),
  },
  { additionalProperties: false },
);

export const PlannedPackSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    publisher: Nullable(Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false })),
    repository: Type.String(),
    reason: Type.Union(
      [
        Type.Literal('named-by-workflow'),
        Type.Literal('only-provider'),
        Type.Literal('already-needed'),
        Type.Literal('most-used'),
        Type.Literal('name-pattern'),
      ],
      {
        description:
          'Why this pack: the workflow names it (`cnr_id`/`aux_id`), it is the only provider, the plan needs it anyway, it is the most used provider, or its ComfyUI-Manager name pattern matches.',
      },
    ),
    named_as: Nullable(Type.String({ description: 'The other id or `owner/repo` the workflow named it by.' })),
    classes: Type.Array(Type.String()),
    alternatives: Type.Array(
      Type.Object(
        { id: Type.String(), name: Type.String(), classes: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    version: Nullable(Type.String({ description: 'The version to install; null when only `git clone` installs it.' })),
    requested_version: Nullable(Type.String({ description: 'The version (or commit) the workflow recorded.' })),
    version_source: Type.Union([Type.Literal('workflow'), Type.Literal('latest'), Type.Literal('none')]),
    commands: Commands,
  },
  { title: 'InstallPlanPack', additionalProperties: false },
);

const Holder = Type.Object(
  {
    kind: Type.Union([Type.Literal('pack'), Type.Literal('comfyui')]),
    id: Type.String({ description: 'Pack id, or the ComfyUI release.' }),
    version: Nullable(Type.String()),
    requirement: Type.String({ description: 'The requirement as written (PEP 508).' }),
  },
  { additionalProperties: false },
);

export const EnvironmentSchema = Type.Object(
  {
    comfyui_release: Nullable(
      Type.Object({ id: Type.String(), label: Type.String(), source: Type.String() }, { additionalProperties: false }),
    ),
    requirements: Type.Array(
      Type.Object(
        {
          name: Type.String({ description: 'Normalised distribution name.' }),
          status: Type.Union([Type.Literal('ok'), Type.Literal('conflict'), Type.Literal('unchecked')]),
          wanted_by: Type.Array(Holder),
          note: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    conflicts: Type.Array(
      Type.Object(
        { name: Type.String(), between: Type.Array(Holder), reason: Type.String() },
        { additionalProperties: false },
      ),
    ),
    compatibility: Type.Array(
      Type.Object(
        {
          pack: Type.String(),
          check: Type.Union([Type.Literal('os'), Type.Literal('accelerator'), Type.Literal('comfyui_version')]),
          declared: Type.String(),
          given: Nullable(Type.String()),
          status: Type.Union([Type.Literal('ok'), Type.Literal('mismatch'), Type.Literal('unchecked')]),
        },
        { additionalProperties: false },
      ),
    ),
    unchecked: Type.Array(Type.String({ description: 'What could not be checked, and why.' })),
  },
  { title: 'InstallPlanEnvironment', additionalProperties: false },
);

export const PlanResponse = Type.Object(
  {
    format: Type.Union([Type.Literal('ui'), Type.Literal('api'), Type.Literal('nodes')]),
    node_types: Type.Integer({ description: 'Distinct node classes read.' }),
    packs: Type.Array(PlannedPackSchema),
    unknown: Type.Array(
      Type.Object(
        {
          type: Type.String(),
          cnr_id: Nullable(Type.String()),
          aux_id: Nullable(Type.String()),
          git: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    core: Type.Array(Type.String()),
    core_list: Type.Object(
      {
        source: Type.Union([Type.Literal('manager-node-map'), Type.Literal('frontend-only')], {
          description:
            "`manager-node-map`: the classes of ComfyUI-Manager's node map entry for ComfyUI, as the last catalogue import stored them; `frontend-only`: nothing imported yet, only the front end's own node types (Note, MarkdownNote, PrimitiveNode, Reroute). The node map does not say which ComfyUI version it lists.",
        }),
        classes: Type.Integer({ description: 'How many class names are recognised as core.' }),
        changed_at: Nullable(
          Type.String({
            format: 'date-time',
            description: 'When an import last changed the list; null when never imported.',
          }),
        ),
      },
      { title: 'CoreClassList', additionalProperties: false, description: 'What `core` was decided against.' },
    ),
    commands: Type.Object(
      {
        comfy_cli: Nullable(Type.String()),
        manager: Nullable(Type.String()),
        git: Type.Array(Type.String()),
        all: Nullable(Type.String({ description: 'Every install as one line, run from the ComfyUI folder.' })),
      },
      { additionalProperties: false },
    ),
    environment: EnvironmentSchema,
  },
  { title: 'InstallPlan', additionalProperties: false },
);
export type PlanResponseJson = Static<typeof PlanResponse>;

export const SharedPlanResponse = Type.Object(
  {
    id: Type.String({ description: 'The shared plan id: `/resolve?plan=<id>` shows it.' }),
    plan: PlanResponse,
  },
  { title: 'SharedInstallPlan', additionalProperties: false },
);

export const PlanIdParams = Type.Object({ planId: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }) });

export const ComfyuiReleasesResponse = Type.Object(
  {
    releases: Type.Array(
      Type.Object(
        { id: Type.String(), label: Type.String(), source: Type.String(), requirements: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'ComfyuiReleases', additionalProperties: false },
);
