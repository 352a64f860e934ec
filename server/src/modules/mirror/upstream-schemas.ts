import { type Static, type TSchema, Type } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';

/**
 * What the mirror accepts from the upstream, item by item. The fields are those of the public
 * registry API; anything beyond them is ignored, a missing optional field takes the local
 * default, and an item with a wrong type or an oversized value is refused on its own (the sync
 * logs it and goes on with the rest). The caps are generous for real data and stop abuse.
 */

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Strings = Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }));
const Count = Type.Optional(Type.Number({ minimum: 0 }));

export const UpstreamId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' });

export const UpstreamPublisherRef = Type.Object({ id: UpstreamId, name: Text(500) });

export const UpstreamNode = Type.Object({
  id: UpstreamId,
  name: Text(500),
  description: Text(20_000),
  author: Text(500),
  license: Text(5_000),
  icon: Text(2_000),
  banner_url: Text(2_000),
  repository: Text(2_000),
  tags: Strings,
  category: Text(200),
  downloads: Count,
  github_stars: Count,
  publisher: Type.Optional(UpstreamPublisherRef),
  status: Type.Optional(
    Type.Union([Type.Literal('NodeStatusActive'), Type.Literal('NodeStatusDeleted'), Type.Literal('NodeStatusBanned')]),
  ),
  status_detail: Text(2_000),
  supported_os: Strings,
  supported_accelerators: Strings,
  supported_comfyui_version: Text(200),
  supported_comfyui_frontend_version: Text(200),
  preempted_comfy_node_names: Strings,
  latest_version: Type.Optional(Type.Object({ version: Type.String({ maxLength: 100 }) })),
});
export type UpstreamNodeJson = Static<typeof UpstreamNode>;

export const UpstreamNodesPage = Type.Object({
  nodes: Type.Array(Type.Unknown()),
  totalPages: Type.Integer({ minimum: 0 }),
});

export const UpstreamVersion = Type.Object({
  version: Type.String({ minLength: 1, maxLength: 100 }),
  changelog: Text(50_000),
  dependencies: Type.Optional(Type.Array(Type.String({ maxLength: 1_000 }), { maxItems: 500 })),
  downloadUrl: Text(2_000),
  deprecated: Type.Optional(Type.Boolean()),
  status: Type.Optional(
    Type.Union([
      Type.Literal('NodeVersionStatusActive'),
      Type.Literal('NodeVersionStatusDeleted'),
      Type.Literal('NodeVersionStatusBanned'),
      Type.Literal('NodeVersionStatusPending'),
      Type.Literal('NodeVersionStatusFlagged'),
    ]),
  ),
  status_reason: Text(5_000),
  supported_os: Strings,
  supported_accelerators: Strings,
  supported_comfyui_version: Text(200),
  supported_comfyui_frontend_version: Text(200),
  createdAt: Text(64),
});
export type UpstreamVersionJson = Static<typeof UpstreamVersion>;

export const UpstreamPublisher = Type.Object({
  id: UpstreamId,
  name: Text(500),
  description: Text(20_000),
  website: Text(2_000),
  support: Text(2_000),
  source_code_repo: Text(2_000),
  logo: Text(2_000),
  status: Type.Optional(Type.Union([Type.Literal('PublisherStatusActive'), Type.Literal('PublisherStatusBanned')])),
});
export type UpstreamPublisherJson = Static<typeof UpstreamPublisher>;

export const UpstreamComfyNode = Type.Object({
  comfy_node_name: Type.String({ minLength: 1, maxLength: 500 }),
  display_name: Text(500),
  category: Text(500),
  description: Text(20_000),
  input_types: Text(200_000),
  return_types: Text(50_000),
  return_names: Text(50_000),
  output_is_list: Type.Optional(Type.Array(Type.Boolean(), { maxItems: 200 })),
  function: Text(500),
  output_node: Type.Optional(Type.Boolean()),
  deprecated: Type.Optional(Type.Boolean()),
  experimental: Type.Optional(Type.Boolean()),
});
export type UpstreamComfyNodeJson = Static<typeof UpstreamComfyNode>;

export const UpstreamComfyNodesPage = Type.Object({
  comfy_nodes: Type.Array(Type.Unknown()),
  totalNumberOfPages: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * Each schema compiled once per process: a sync checks every entry of a changed pack, its
 * versions and classes, and every listing page, and interpreting the schema each time was a
 * sizeable share of an incremental sync's CPU.
 */
const validators = new WeakMap<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** The value if it fits the schema, otherwise the first problem in words (for the log line). */
export function checkItem<S extends TSchema>(
  schema: S,
  value: unknown,
): { ok: true; value: Static<S> } | { ok: false; problem: string } {
  const validator = validatorFor(schema);
  if (validator.Check(value)) return { ok: true, value: value as Static<S> };
  const first = validator.Errors(value)[0];
  const problem = first ? `${first.instancePath || '(item)'} ${first.message}` : 'does not match the expected shape';
  return { ok: false, problem };
}
