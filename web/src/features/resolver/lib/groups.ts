import type { components } from '../../../api/schema.gen';

export type Resolution = components['schemas']['ResolveComfyNodesResponse']['results'][number];
export type ResolvedPack = components['schemas']['ResolvedPack'];

/** A pack the workflow needs, with the node types it provides. */
export interface PackGroup {
  pack: ResolvedPack;
  types: string[];
}

export interface ResolutionGroups {
  packs: PackGroup[];
  core: string[];
  unknown: string[];
  /** `comfy node install a b c` for every needed pack, or null when none is needed. */
  installCommand: string | null;
}

/** Groups resolutions by pack (in order of first use), then core and unknown types. */
export function groupResolutions(results: Resolution[]): ResolutionGroups {
  const packs = new Map<string, PackGroup>();
  const core: string[] = [];
  const unknown: string[] = [];
  for (const result of results) {
    if (result.status === 'core') core.push(result.name);
    else if (result.status === 'unknown') unknown.push(result.name);
    else {
      const group = packs.get(result.pack.id) ?? { pack: result.pack, types: [] };
      group.types.push(result.name);
      packs.set(result.pack.id, group);
    }
  }
  const ids = [...packs.keys()];
  return {
    packs: [...packs.values()],
    core,
    unknown,
    installCommand: ids.length > 0 ? `comfy node install ${ids.join(' ')}` : null,
  };
}
