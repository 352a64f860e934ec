import type { AppContext } from '../../context.js';
import { installCommands } from '../catalogue/install-commands.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { findWithheldPackIds, providesClass } from '../catalogue/withheld.js';
import { findNodesByIds, findPublisherRefs, type NodeRow } from '../nodes/repository.js';
import { coreClassNames } from './core-nodes.js';
import { findOwnersOfClasses, findVersionStrings } from './resolve-repository.js';
import type { ResolvedClassJson, ResolvedPackJson } from './resolve-schemas.js';
import { byProviderPreference } from './service.js';

/**
 * Resolves comfy-node class names in one pass: core (ships with ComfyUI: the imported
 * `core_comfy_nodes` plus the frontend-only node types), the pack that provides
 * it (the same candidates and tie-break as `GET /comfy-nodes/{name}/node`), or unknown.
 * Answers follow the order of the first occurrence of each name; duplicates are dropped.
 */
export async function resolveClasses(ctx: AppContext, names: string[]): Promise<ResolvedClassJson[]> {
  const unique = [...new Set(names)];
  const core = await coreClassNames(ctx.db);
  const lookup = unique.filter((name) => !core.has(name));
  const owners = await findOwnersOfClasses(ctx.db, lookup);
  const packs = await findNodesByIds(ctx.db, [...new Set(owners.map((o) => o.node_id))]);
  const active = new Map(packs.filter((p) => p.status === 'NodeStatusActive').map((p) => [p.id, p]));
  const withheld = await findWithheldPackIds(ctx.db, [...active.values()]);

  const providers = new Map<string, NodeRow>();
  const ownersByName = new Map<string, typeof owners>();
  for (const owner of owners) ownersByName.set(owner.name, [...(ownersByName.get(owner.name) ?? []), owner]);
  for (const [name, rows] of ownersByName) {
    const candidates = rows
      .map((o) => {
        const pack = active.get(o.node_id);
        return pack && providesClass(o, pack, withheld) ? pack : undefined;
      })
      .filter((pack): pack is NodeRow => pack !== undefined);
    const best = [...new Map(candidates.map((p) => [p.id, p])).values()].sort(byProviderPreference(name))[0];
    if (best) providers.set(name, best);
  }

  const chosen = [...new Set(providers.values())];
  const [publishers, versions] = await Promise.all([
    findPublisherRefs(ctx.db, [...new Set(chosen.map((p) => p.publisher_id))]),
    findVersionStrings(
      ctx.db,
      chosen.map((p) => p.latest_version_id).filter((id): id is string => id !== null),
    ),
  ]);
  const publisherName = new Map(publishers.map((p) => [p.id, p.name]));
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  const present = (pack: NodeRow): ResolvedPackJson => {
    const latest = pack.latest_version_id === null ? undefined : versionOf.get(pack.latest_version_id);
    return {
      id: pack.id,
      name: pack.name,
      publisher:
        pack.publisher_id === UNCLAIMED_PUBLISHER_ID
          ? null
          : { id: pack.publisher_id, name: publisherName.get(pack.publisher_id) ?? pack.publisher_id },
      latest_version: latest ?? null,
      repository: pack.repository_url,
      ...installOf(pack, latest),
    };
  };

  return unique.map((name): ResolvedClassJson => {
    if (core.has(name)) return { name, status: 'core' };
    const pack = providers.get(name);
    return pack ? { name, status: 'pack', pack: present(pack) } : { name, status: 'unknown' };
  });
}

/** The pack's install commands (the catalogue's rule), and the first of them on its own. */
function installOf(pack: NodeRow, latestVersion: string | undefined) {
  const commands = installCommands({
    id: pack.id,
    repository: pack.repository_url,
    publisherId: pack.publisher_id,
    latestVersion,
  });
  return { install_command: commands[0]?.command ?? null, install_commands: commands };
}
