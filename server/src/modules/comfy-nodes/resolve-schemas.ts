import { type Static, Type } from 'typebox';
import { InstallCommand } from '../catalogue/wire.js';

/** Most class names one request may resolve. */
export const MAX_RESOLVE_NAMES = 2000;

export const ResolveRequest = Type.Object(
  {
    names: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      minItems: 1,
      maxItems: MAX_RESOLVE_NAMES,
      description: `Comfy-node class names (a workflow's node types), at most ${MAX_RESOLVE_NAMES}.`,
    }),
  },
  { title: 'ResolveComfyNodesRequest', additionalProperties: false },
);

export const ResolvedPack = Type.Object(
  {
    id: Type.String({ description: 'Node (pack) id.' }),
    name: Type.String(),
    publisher: Type.Union(
      [Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }), Type.Null()],
      {
        description: 'Null for unclaimed packs.',
      },
    ),
    latest_version: Type.Union([Type.String(), Type.Null()], {
      description: 'Latest published version; null for packs without versions (install them with git clone).',
    }),
    repository: Type.String(),
    install_command: Type.Union([Type.String(), Type.Null()], {
      description:
        'The first of `install_commands`: `comfy node install <id>` when the pack has a version to install; ' +
        '`git clone <repository>` when it has none; null when neither works (no version and no web address to clone).',
    }),
    install_commands: Type.Array(InstallCommand, {
      description:
        'Every way to install the pack, as the registry decides it (comfy-cli by id and pinned version, git clone ' +
        'for packs without a version or unclaimed ones); clients show these instead of building their own.',
    }),
  },
  { title: 'ResolvedPack', additionalProperties: false },
);
export type ResolvedPackJson = Static<typeof ResolvedPack>;

export const ResolvedClass = Type.Union(
  [
    Type.Object(
      { name: Type.String(), status: Type.Literal('core') },
      { additionalProperties: false, description: 'Ships with ComfyUI.' },
    ),
    Type.Object(
      { name: Type.String(), status: Type.Literal('pack'), pack: ResolvedPack },
      { additionalProperties: false, description: 'Provided by a pack of the registry.' },
    ),
    Type.Object(
      { name: Type.String(), status: Type.Literal('unknown') },
      { additionalProperties: false, description: 'No active pack provides it.' },
    ),
  ],
  { title: 'ResolvedComfyNode' },
);
export type ResolvedClassJson = Static<typeof ResolvedClass>;

export const ResolveResponse = Type.Object(
  { results: Type.Array(ResolvedClass) },
  { title: 'ResolveComfyNodesResponse', additionalProperties: false },
);
