import type { AppContext } from '../../context.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { findWithheldPackIds, providesClass } from '../catalogue/withheld.js';
import { coreClassNames } from '../comfy-nodes/core-nodes.js';
import { findOwnersOfClasses } from '../comfy-nodes/resolve-repository.js';
import { byProviderPreference } from '../comfy-nodes/service.js';
import { findNodesByIds, findPublisherRefs, type NodeRow } from '../nodes/repository.js';
import { classPatterns } from './class-patterns.js';
import { comfyCliInstall, everything, gitClone, managerInstall, packSpec } from './commands.js';
import {
  findAliasTargets,
  findIdsByNormalizedId,
  findIdsByRepository,
  findPlanVersions,
  type PlanVersionRow,
} from './repository.js';
import type { NodeUse } from './workflow-read.js';

/** ComfyUI's front end records `cnr_id: "comfy-core"` on the nodes of ComfyUI itself. */
export const CORE_CNR_ID = 'comfy-core';

/** Why a pack was chosen for a class, strongest first. */
export type PlanReason = 'named-by-workflow' | 'only-provider' | 'already-needed' | 'most-used' | 'name-pattern';

export interface PlanAlternative {
  id: string;
  name: string;
  /** Classes of this plan the alternative provides too. */
  classes: string[];
}

export interface PlanCommands {
  comfy_cli: string | null;
  manager: string | null;
  git: string | null;
}

export interface PlannedPack {
  id: string;
  name: string;
  publisher: { id: string; name: string } | null;
  repository: string;
  reason: PlanReason;
  /** The id or `owner/repo` the workflow named the pack by, when it did. */
  named_as: string | null;
  classes: string[];
  alternatives: PlanAlternative[];
  /** The version to install; null when the registry has none to hand out (install by git). */
  version: string | null;
  /** The version the workflow recorded (`ver`), when it did. */
  requested_version: string | null;
  version_source: 'workflow' | 'latest' | 'none';
  commands: PlanCommands;
}

export interface UnknownClass {
  type: string;
  cnr_id: string | null;
  aux_id: string | null;
  /** A clone of the repository the workflow named (`aux_id`), when it named one. */
  git: string | null;
}

export interface PlanCore {
  packs: PlannedPack[];
  unknown: UnknownClass[];
  core: string[];
  commands: { comfy_cli: string | null; manager: string | null; git: string[]; all: string | null };
  /** The chosen version rows of the packs (for the environment check), by pack id. */
  versions: Map<string, PlanVersionRow>;
}

/** What the workflow says about one class: its uses' pack names and versions, merged. */
interface ClassClaim {
  type: string;
  cnrIds: string[];
  auxIds: string[];
  vers: string[];
}

function claimsOf(uses: NodeUse[]): ClassClaim[] {
  const byType = new Map<string, ClassClaim>();
  for (const use of uses) {
    const claim = byType.get(use.type) ?? { type: use.type, cnrIds: [], auxIds: [], vers: [] };
    if (use.cnr_id && !claim.cnrIds.includes(use.cnr_id)) claim.cnrIds.push(use.cnr_id);
    if (use.aux_id && !claim.auxIds.includes(use.aux_id)) claim.auxIds.push(use.aux_id);
    if (use.ver && !claim.vers.includes(use.ver)) claim.vers.push(use.ver);
    byType.set(use.type, claim);
  }
  return [...byType.values()];
}

const githubRepository = (auxId: string) => `github.com/${auxId.toLowerCase()}`;

/** A version the install endpoint hands out: Active, or Pending with an archive. */
function installable(row: PlanVersionRow | undefined): boolean {
  if (!row) return false;
  const hasArchive = row.storage_file_id !== null || row.upstream_archive_url !== '';
  return hasArchive && (row.status === 'NodeVersionStatusActive' || row.status === 'NodeVersionStatusPending');
}

/**
 * The install plan of a workflow's node uses: for each class that is not core, the pack that
 * provides it and why (the pack the workflow names in `cnr_id`/`aux_id`; else the only provider;
 * else a provider the plan already needs; else the most used; else the Manager's name pattern),
 * the other providers, the version to install, and the commands per client.
 */
export async function planInstall(ctx: AppContext, uses: NodeUse[]): Promise<PlanCore> {
  const db = ctx.db;
  const core = await coreClassNames(db);
  const claims = claimsOf(uses);
  const isCore = (claim: ClassClaim) =>
    core.has(claim.type) || (claim.cnrIds.length > 0 && claim.cnrIds.every((id) => id === CORE_CNR_ID));
  const coreNames = claims.filter(isCore).map((c) => c.type);
  const open = claims.filter((c) => !isCore(c));

  // The packs the workflow names: own id first, then another id of a pack, then the repository.
  const cnrIds = [
    ...new Set(open.flatMap((c) => c.cnrIds.filter((id) => id !== CORE_CNR_ID).map((id) => id.toLowerCase()))),
  ];
  const repos = [...new Set(open.flatMap((c) => c.auxIds.map(githubRepository)))];
  const [ownIds, owners, byRepo] = await Promise.all([
    findIdsByNormalizedId(db, cnrIds),
    findOwnersOfClasses(
      db,
      open.map((c) => c.type),
    ),
    findIdsByRepository(db, repos),
  ]);
  const aliasTargets = await findAliasTargets(
    db,
    cnrIds.filter((id) => !ownIds.has(id)),
  );
  const namedId = (claim: ClassClaim): { id: string; as: string } | undefined => {
    for (const cnr of claim.cnrIds) {
      const id = ownIds.get(cnr.toLowerCase()) ?? aliasTargets.get(cnr.toLowerCase());
      if (id) return { id, as: cnr };
    }
    for (const aux of claim.auxIds) {
      const id = byRepo.get(githubRepository(aux))?.[0];
      if (id) return { id, as: aux };
    }
    return undefined;
  };

  const candidateIds = new Set<string>([
    ...owners.map((o) => o.node_id),
    ...ownIds.values(),
    ...aliasTargets.values(),
    ...[...byRepo.values()].flat(),
  ]);
  const patterns = await classPatterns(ctx.db);
  // Name patterns are tried on every class: a pack known by its pattern may be the real home of
  // a class another pack copies (`Seed (rgthree)`).
  const patternHits = new Map<string, string[]>();
  for (const claim of open) {
    const hits = patterns.filter((p) => p.pattern.test(claim.type)).map((p) => p.nodeId);
    if (hits.length > 0) patternHits.set(claim.type, hits);
    for (const id of hits) candidateIds.add(id);
  }
  const packs = await findNodesByIds(db, [...candidateIds]);
  const active = new Map(packs.filter((p) => p.status === 'NodeStatusActive').map((p) => [p.id, p]));

  // Sorted once per class: the choice below asks for a class's pattern packs more than once.
  const patternPacks = new Map<string, NodeRow[]>();
  const byPattern = (type: string): NodeRow[] => {
    let packs = patternPacks.get(type);
    if (!packs) {
      packs = (patternHits.get(type) ?? [])
        .map((id) => active.get(id))
        .filter((p): p is NodeRow => p !== undefined)
        .sort(byProviderPreference(type));
      patternPacks.set(type, packs);
    }
    return packs;
  };

  // Providers per class: the same rule as every class lookup (`providesClass`).
  const withheld = await findWithheldPackIds(db, [...active.values()]);
  // A withheld pack (versions, none installable) is offered to no client, not even by its repository.
  for (const id of withheld) active.delete(id);
  const providerSets = new Map<string, Set<NodeRow>>();
  for (const owner of owners) {
    const pack = active.get(owner.node_id);
    if (!pack || !providesClass(owner, pack, withheld)) continue;
    const set = providerSets.get(owner.name) ?? new Set<NodeRow>();
    set.add(pack);
    providerSets.set(owner.name, set);
  }
  const providers = new Map<string, NodeRow[]>();
  for (const [type, set] of providerSets) providers.set(type, [...set].sort(byProviderPreference(type)));

  // First the classes whose pack is certain, then the others, preferring packs already needed.
  const choice = new Map<string, { pack: NodeRow; reason: PlanReason; as: string | null }>();
  const needed = new Set<string>();
  const ambiguous: ClassClaim[] = [];
  const unknown: ClassClaim[] = [];
  for (const claim of open) {
    const named = namedId(claim);
    const namedPack = named ? active.get(named.id) : undefined;
    const list = providers.get(claim.type) ?? [];
    const byPatterns = byPattern(claim.type);
    if (named && namedPack) {
      choice.set(claim.type, { pack: namedPack, reason: 'named-by-workflow', as: named.as });
    } else if (list.length === 1 && list[0] && byPatterns.every((p) => p.id === list[0]?.id)) {
      choice.set(claim.type, { pack: list[0], reason: 'only-provider', as: null });
    } else if (list.length > 0) {
      ambiguous.push(claim);
      continue;
    } else {
      const patterned = byPatterns[0];
      if (!patterned) {
        unknown.push(claim);
        continue;
      }
      choice.set(claim.type, { pack: patterned, reason: 'name-pattern', as: null });
    }
    needed.add((choice.get(claim.type) as { pack: NodeRow }).pack.id);
  }
  for (const claim of ambiguous) {
    const list = providers.get(claim.type) ?? [];
    // A pack the plan needs anyway wins, whether it lists the class or its name pattern matches.
    const already = [...list, ...byPattern(claim.type)].find((p) => needed.has(p.id));
    const pack = already ?? (list[0] as NodeRow);
    choice.set(claim.type, { pack, reason: already ? 'already-needed' : 'most-used', as: null });
    needed.add(pack.id);
  }

  // One entry per chosen pack, in order of first use; its reason is the strongest of its classes.
  const order: PlanReason[] = ['named-by-workflow', 'only-provider', 'already-needed', 'most-used', 'name-pattern'];
  const groups = new Map<string, { pack: NodeRow; reason: PlanReason; as: string | null; claims: ClassClaim[] }>();
  for (const claim of open) {
    const chosen = choice.get(claim.type);
    if (!chosen) continue;
    const group = groups.get(chosen.pack.id) ?? { ...chosen, claims: [] };
    if (order.indexOf(chosen.reason) < order.indexOf(group.reason)) {
      group.reason = chosen.reason;
      group.as = chosen.as;
    }
    group.as ??= chosen.as;
    group.claims.push(claim);
    groups.set(chosen.pack.id, group);
  }

  // Versions: the workflow's `ver` for the pack when installable here, else the latest.
  const requested = new Map<string, string>();
  for (const group of groups.values()) {
    const vers = group.claims
      .filter((c) => {
        const named = namedId(c);
        return named !== undefined && named.id === group.pack.id;
      })
      .flatMap((c) => c.vers);
    const first = vers[0];
    if (first !== undefined) requested.set(group.pack.id, first);
  }
  const wanted = [...requested].flatMap(([nodeId, ver]) => {
    const version = normalizeVersion(ver);
    return version ? [{ nodeId, version }] : [];
  });
  const latestIds = [...groups.values()].map((g) => g.pack.latest_version_id).filter((id): id is string => id !== null);
  const [versionRows, publishers] = await Promise.all([
    findPlanVersions(db, wanted, latestIds),
    findPublisherRefs(db, [...new Set([...groups.values()].map((g) => g.pack.publisher_id))]),
  ]);
  const rowById = new Map(versionRows.map((r) => [r.id, r]));
  const rowByVersion = new Map(versionRows.map((r) => [`${r.node_id}\n${r.version}`, r]));
  const publisherName = new Map(publishers.map((p) => [p.id, p.name]));

  const versions = new Map<string, PlanVersionRow>();
  const planned: PlannedPack[] = [];
  for (const group of groups.values()) {
    const pack = group.pack;
    const ver = requested.get(pack.id) ?? null;
    const normalized = ver === null ? null : normalizeVersion(ver);
    const asked = normalized === null ? undefined : rowByVersion.get(`${pack.id}\n${normalized}`);
    const latest = pack.latest_version_id === null ? undefined : rowById.get(pack.latest_version_id);
    const row = installable(asked) ? asked : installable(latest) ? latest : undefined;
    if (row) versions.set(pack.id, row);
    const spec = row ? packSpec(pack.id, row.version) : null;
    // A commit the workflow recorded (packs installed from git) pins the clone.
    const commit = ver !== null && normalized === null ? ver : undefined;
    const classes = group.claims.map((c) => c.type);
    planned.push({
      id: pack.id,
      name: pack.name,
      publisher:
        pack.publisher_id === UNCLAIMED_PUBLISHER_ID
          ? null
          : { id: pack.publisher_id, name: publisherName.get(pack.publisher_id) ?? pack.publisher_id },
      repository: pack.repository_url,
      reason: group.reason,
      named_as: group.as !== null && group.as !== pack.id ? group.as : null,
      classes,
      alternatives: alternativesOf(pack.id, classes, providers),
      version: row?.version ?? null,
      requested_version: ver,
      version_source: row === undefined ? 'none' : row === asked ? 'workflow' : 'latest',
      commands: {
        comfy_cli: spec ? comfyCliInstall([spec]) : null,
        manager: spec ? managerInstall([spec]) : null,
        git: spec ? null : gitClone(pack.repository_url, commit),
      },
    });
  }

  const unknownClasses: UnknownClass[] = unknown.map((claim) => {
    const aux = claim.auxIds[0] ?? null;
    const commit = claim.vers.find((v) => normalizeVersion(v) === null);
    return {
      type: claim.type,
      cnr_id: claim.cnrIds[0] ?? null,
      aux_id: aux,
      git: aux ? gitClone(`https://github.com/${aux}`, commit) : null,
    };
  });

  const specs = planned.flatMap((p) => (p.version ? [packSpec(p.id, p.version)] : [])).filter((s): s is string => !!s);
  const clones = [
    ...new Set([
      ...planned.map((p) => p.commands.git).filter((c): c is string => c !== null),
      ...unknownClasses.map((u) => u.git).filter((c): c is string => c !== null),
    ]),
  ];
  const cli = specs.length > 0 ? comfyCliInstall(specs) : null;
  return {
    packs: planned,
    unknown: unknownClasses,
    core: coreNames,
    commands: {
      comfy_cli: cli,
      manager: specs.length > 0 ? managerInstall(specs) : null,
      git: clones,
      all: everything(cli, clones),
    },
    versions,
  };
}

/** Other providers of the pack's classes, those covering the most of them first (at most five). */
function alternativesOf(chosenId: string, classes: string[], providers: Map<string, NodeRow[]>): PlanAlternative[] {
  const byPack = new Map<string, { pack: NodeRow; classes: string[] }>();
  for (const type of classes) {
    for (const pack of providers.get(type) ?? []) {
      if (pack.id === chosenId) continue;
      const entry = byPack.get(pack.id) ?? { pack, classes: [] };
      entry.classes.push(type);
      byPack.set(pack.id, entry);
    }
  }
  return [...byPack.values()]
    .sort((a, b) => b.classes.length - a.classes.length || (a.pack.id < b.pack.id ? -1 : 1))
    .slice(0, 5)
    .map(({ pack, classes: covered }) => ({ id: pack.id, name: pack.name, classes: covered }));
}
