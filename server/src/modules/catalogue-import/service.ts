import type { Insertable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import { chunks, IDS_PER_QUERY } from '../../db/batch.js';
import type { ComfyNodesTable, Database, NodesTable } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { newId } from '../../lib/ids.js';
import { announceCatalogueChange, recordCatalogueChange } from '../catalogue/changes.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { forgetCoreClassNames } from '../comfy-nodes/core-nodes.js';
import { forgetClassPatterns } from '../install-plan/class-patterns.js';
import { settleAliases, type WantedAlias } from './aliases.js';
import { type ManagerFilePaths, type ManagerInputs, parseManagerInputs, readManagerFiles } from './manager-files.js';
import { type PlannedPack, planImport } from './plan.js';
import type { ImportReport } from './report.js';
import {
  deleteAliases,
  deleteClassNames,
  type ExistingNode,
  ensureUnclaimedPublisher,
  findAliasesIn,
  findAllNormalizedIds,
  findImportedAliases,
  findImportedClassNames,
  findNodesByNormalizedId,
  findPublishedRepositories,
  insertAliases,
  insertClassNames,
  insertNodes,
  listUnclaimedNormalizedIds,
  type NodePatch,
  replaceCoreClassNames,
  replaceImportedPatterns,
  updateNode,
} from './repository.js';

export interface ImportOptions {
  /**
   * On a mirror: which of these ids (none of them a pack here yet) the upstream has.
   * Those entries are skipped, so an unclaimed pack never takes an id whose pack the sync is about
   * to bring (local packs win every sync). Throws when the upstream cannot say: nothing is imported.
   */
  takenUpstream?: (ids: string[]) => Promise<Set<string>>;
}

/** What the importer needs: the database, and the event bus when the caller has one. */
export type ImportContext = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>;

/**
 * Imports the ComfyUI-Manager catalogue as unclaimed packs, in one transaction: either all of it
 * lands or nothing does. Re-running is safe: unchanged packs are left alone.
 *
 * Packs that a real publisher owns (claimed since an earlier import, or published directly under
 * the same id) keep their publisher and everything their owner edits; the import refreshes only
 * their GitHub stars and the class names that came from the Manager's node map (rows with source
 * `manager-import`, never the ones extracted from archives).
 *
 * The node map's entry for ComfyUI itself replaces the core class names (`core_comfy_nodes`),
 * in the same transaction; without such an entry they are left as they are.
 */
export async function importManagerCatalogue(
  ctx: ImportContext,
  inputs: ManagerInputs,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now();
  const catalogue = parseManagerInputs(inputs);
  const plan = planImport(catalogue);
  // Asked before the transaction, so no lock is held while the upstream answers.
  const takenUpstream = options.takenUpstream
    ? await options.takenUpstream(await newIds(ctx, plan.packs))
    : new Set<string>();
  const report: ImportReport = {
    entries: catalogue.entries.length,
    imported: [],
    updated: [],
    unchanged: 0,
    claimedUpdated: 0,
    skipped: plan.skipped,
    rewrittenIds: plan.rewrittenIds,
    truncatedDescriptions: plan.truncatedDescriptions,
    classNames: { added: 0, removed: 0 },
    aliases: { added: 0, removed: 0 },
    classPatterns: 0,
    coreClasses: null,
    notInList: 0,
    warnings: catalogue.warnings,
    durationMs: 0,
  };

  const changed = await ctx.db.transaction().execute(async (trx) => {
    await ensureUnclaimedPublisher(trx);
    const existing = await findNodesByNormalizedId(
      trx,
      plan.packs.map((p) => p.normalizedId),
    );
    const published = await findPublishedRepositories(trx);
    const importedNames = await findImportedClassNames(
      trx,
      [...existing.values()].map((n) => n.id),
    );

    const newNodes: Insertable<NodesTable>[] = [];
    const newNames: Insertable<ComfyNodesTable>[] = [];
    const staleNameIds: string[] = [];
    const updates: { id: string; patch: NodePatch }[] = [];
    const inList = new Set<string>();
    const wantedAliases: WantedAlias[] = [];
    const wantedPatterns = new Map<string, string>();
    // The other ids and the class pattern the Manager's list gives a pack, for the pack that has it here.
    const knownAs = (pack: PlannedPack, nodeId: string) => {
      for (const alias of [pack.normalizedId, pack.managerId]) {
        if (alias && alias !== nodeId.toLowerCase()) wantedAliases.push({ alias, nodeId, source: 'manager' });
      }
      if (pack.repositoryAlias) wantedAliases.push({ alias: pack.repositoryAlias, nodeId, source: 'repository' });
      if (pack.classPattern) wantedPatterns.set(nodeId, pack.classPattern);
    };

    for (const pack of plan.packs) {
      const current = existing.get(pack.normalizedId);
      if (!current && takenUpstream.has(pack.id)) {
        report.skipped.push({
          reason: 'taken-upstream',
          id: pack.id,
          index: pack.index,
          detail: 'the upstream registry has this id; the mirror syncs its pack',
        });
        continue;
      }
      if (!current) {
        const owner = published.get(pack.normalizedRepository);
        if (owner) {
          knownAs(pack, owner);
          report.skipped.push({
            reason: 'repository-registered',
            id: pack.id,
            index: pack.index,
            detail: `repository already registered as "${owner}"`,
          });
          continue;
        }
        inList.add(pack.normalizedId);
        newNodes.push(newNodeRow(pack));
        newNames.push(...pack.classNames.map((name) => classNameRow(pack.id, name)));
        knownAs(pack, pack.id);
        report.imported.push(pack.id);
        continue;
      }
      inList.add(pack.normalizedId);
      knownAs(pack, current.id);
      const claimed = current.publisher_id !== UNCLAIMED_PUBLISHER_ID;
      const patch = claimed ? starsPatch(current, pack) : unclaimedPatch(current, pack);
      const names = importedNames.get(current.id) ?? new Map<string, string>();
      const wanted = new Set(pack.classNames);
      const added = pack.classNames.filter((n) => !names.has(n));
      const removed = [...names].filter(([name]) => !wanted.has(name)).map(([, rowId]) => rowId);
      newNames.push(...added.map((name) => classNameRow(current.id, name)));
      staleNameIds.push(...removed);
      if (Object.keys(patch).length > 0) updates.push({ id: current.id, patch });
      if (Object.keys(patch).length > 0 || added.length > 0 || removed.length > 0) {
        report.updated.push(current.id);
        if (claimed) report.claimedUpdated += 1;
      } else {
        report.unchanged += 1;
      }
    }

    await insertNodes(trx, newNodes);
    for (const { id, patch } of updates) await updateNode(trx, id, patch);
    await deleteClassNames(trx, staleNameIds);
    await insertClassNames(trx, newNames);
    report.classNames = { added: newNames.length, removed: staleNameIds.length };
    report.aliases = await syncAliases(trx, wantedAliases);
    report.classPatterns = await replaceImportedPatterns(trx, wantedPatterns);
    report.notInList = (await listUnclaimedNormalizedIds(trx)).filter((id) => !inList.has(id)).length;
    if (catalogue.coreClassNames !== undefined) {
      const core = await replaceCoreClassNames(trx, catalogue.coreClassNames);
      report.coreClasses = { count: catalogue.coreClassNames.length, ...core };
    }

    const touched = [...report.imported, ...report.updated];
    for (const slice of chunks(touched, IDS_PER_QUERY)) await recordCatalogueChange(trx, slice);
    return touched;
  });

  if (ctx.events) announceCatalogueChange(ctx.events, changed);
  if (report.coreClasses) forgetCoreClassNames(ctx.db);
  if (report.classPatterns > 0) forgetClassPatterns(ctx.db);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/**
 * Makes the Manager-derived aliases exactly what this list says, settled against every pack id
 * (after this import's inserts), so an alias never answers for an id a pack has.
 */
async function syncAliases(
  trx: Transaction<Database>,
  wanted: WantedAlias[],
): Promise<{ added: number; removed: number }> {
  const settled = settleAliases(wanted, await findAllNormalizedIds(trx));
  const current = await findImportedAliases(trx);
  const stale = [...current]
    .filter(([alias, row]) => settled.get(alias)?.nodeId !== row.node_id || settled.get(alias)?.source !== row.source)
    .map(([alias]) => alias);
  const created_at = nowIso();
  const fresh = [...settled.values()]
    .filter((a) => current.get(a.alias)?.node_id !== a.nodeId || current.get(a.alias)?.source !== a.source)
    .map((a) => ({ alias: a.alias, node_id: a.nodeId, source: a.source, created_at }));
  await deleteAliases(trx, stale);
  // Aliases added by others (the mirror's) are left alone; one of them wins over the list's.
  const others = new Set(
    (
      await findAliasesIn(
        trx,
        fresh.map((f) => f.alias),
      )
    ).filter((a) => !stale.includes(a)),
  );
  const inserted = fresh.filter((f) => !others.has(f.alias));
  await insertAliases(trx, inserted);
  return { added: inserted.length, removed: stale.length };
}

/** Reads the files named on the command line and imports them. */
export async function importManagerFiles(
  ctx: ImportContext,
  paths: ManagerFilePaths,
  options: ImportOptions = {},
): Promise<ImportReport> {
  return importManagerCatalogue(ctx, await readManagerFiles(paths), options);
}

/** The ids of planned packs that are not packs here yet (in any letter case). */
async function newIds(ctx: ImportContext, packs: PlannedPack[]): Promise<string[]> {
  const existing = await findNodesByNormalizedId(
    ctx.db,
    packs.map((p) => p.normalizedId),
  );
  return packs.filter((p) => !existing.has(p.normalizedId)).map((p) => p.id);
}

function newNodeRow(pack: PlannedPack): Insertable<NodesTable> {
  return {
    id: pack.id,
    normalized_id: pack.normalizedId,
    publisher_id: UNCLAIMED_PUBLISHER_ID,
    name: pack.name,
    description: pack.description,
    author: pack.author,
    repository_url: pack.repositoryUrl,
    normalized_repository: pack.normalizedRepository,
    tags: JSON.stringify(pack.tags),
    github_stars: pack.githubStars,
  };
}

function classNameRow(nodeId: string, name: string): Insertable<ComfyNodesTable> {
  return { id: newId(), node_id: nodeId, node_version_id: null, source: 'manager-import', name };
}

/** Every catalogue-owned field that differs, for a pack nobody has claimed. */
function unclaimedPatch(current: ExistingNode, pack: PlannedPack): NodePatch {
  const patch: NodePatch = starsPatch(current, pack);
  if (current.name !== pack.name) patch.name = pack.name;
  if (current.description !== pack.description) patch.description = pack.description;
  if (current.author !== pack.author) patch.author = pack.author;
  if (current.repository_url !== pack.repositoryUrl) patch.repository_url = pack.repositoryUrl;
  if (current.normalized_repository !== pack.normalizedRepository) {
    patch.normalized_repository = pack.normalizedRepository;
  }
  const tags = JSON.stringify(pack.tags);
  if (current.tags !== tags) patch.tags = tags;
  return patch;
}

/** Stars are the one pack field the import refreshes on claimed packs too. */
function starsPatch(current: ExistingNode, pack: PlannedPack): NodePatch {
  return Number(current.github_stars) === pack.githubStars ? {} : { github_stars: pack.githubStars };
}
