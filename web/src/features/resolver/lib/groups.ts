import type { components } from '../../../api/schema.gen';
import { type InstallPlan, installPlan } from '../../../lib/catalogue/install-commands';

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
  /** How to install every needed pack (the shared install rule), or null when none is needed. */
  install: InstallPlan | null;
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
    install:
      ids.length > 0
        ? installPlan(
            [...packs.values()].map(({ pack }) => ({
              id: pack.id,
              repository: pack.repository,
              publisherId: pack.publisher?.id,
              latestVersion: pack.latest_version,
            })),
          )
        : null,
  };
}
