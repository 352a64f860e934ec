import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { nowIso, parseJsonArray } from '../../db/values.js';
import { badRequest, notFound, withCode } from '../../lib/errors.js';
import { listVersionRequirements } from '../catalogue/version-requirements.js';
import { coreClassList } from '../comfy-nodes/core-nodes.js';
import { findNodesByAnyCase } from '../nodes/repository.js';
import { type ComfyuiRelease, findComfyuiRelease } from './comfyui-releases.js';
import { checkEnvironment, type PackEnvironment } from './environment.js';
import {
  findAliasTargets,
  findPlanVersions,
  findSharedPlan,
  type PlanVersionRow,
  saveSharedPlan,
} from './repository.js';
import { type RequirementLine, readRequirementLine, storedRequirementLine } from './requirement-line.js';
import type { PlanRequestBody, PlanResponseJson } from './schemas.js';
import { planInstall } from './service.js';
import { type NodeUse, readWorkflow, tallyUses } from './workflow-read.js';

/** A plan request reduced to what the plan is computed from (what a shared plan stores). */
export interface PlanInput {
  format: 'ui' | 'api' | 'nodes';
  uses: NodeUse[];
  comfyui_release: string | null;
  os: string | null;
  accelerator: string | null;
  comfyui_version: string | null;
  installed: string[];
}

const WORKFLOW_PROBLEMS = {
  'not-workflow': 'The workflow is neither UI format (`nodes`) nor API format (`{id: {class_type}}`)',
  'no-nodes': 'The workflow has no nodes',
  'too-many-classes': 'The workflow uses more distinct node classes than one plan covers',
} as const;

/** Checks a request and reduces it to its input: 400 for what is not a workflow or names no release here. */
export function planInputOf(body: PlanRequestBody): PlanInput {
  if ((body.workflow === undefined) === (body.nodes === undefined)) {
    throw withCode(badRequest('Give either a workflow or its nodes'), 'install_plan.workflow_or_nodes');
  }
  let format: PlanInput['format'] = 'nodes';
  let uses: NodeUse[];
  if (body.workflow !== undefined) {
    const read = readWorkflow(body.workflow);
    if (!read.ok)
      throw withCode(badRequest(WORKFLOW_PROBLEMS[read.reason]), `install_plan.${read.reason.replaceAll('-', '_')}`);
    format = read.format;
    uses = read.uses;
  } else {
    const nodes = body.nodes ?? [];
    uses = tallyUses(nodes.map(({ count: _count, ...use }) => use));
    // The counts given win over one per entry.
    for (const use of uses) {
      use.count = nodes
        .filter((n) => n.type === use.type && n.cnr_id === use.cnr_id && n.aux_id === use.aux_id && n.ver === use.ver)
        .reduce((sum, n) => sum + (n.count ?? 1), 0);
    }
  }
  if (body.comfyui_release !== undefined && !findComfyuiRelease(body.comfyui_release)) {
    throw withCode(
      badRequest('Unknown ComfyUI release', `known: see GET /install-plan/comfyui-releases`),
      'install_plan.unknown_release',
      { release: body.comfyui_release },
    );
  }
  return {
    format,
    uses,
    comfyui_release: body.comfyui_release ?? null,
    os: body.os ?? null,
    accelerator: body.accelerator ?? null,
    comfyui_version: body.comfyui_version ?? null,
    installed: [...new Set(body.installed ?? [])].sort(),
  };
}

/**
 * The Python requirements of versions: those read from each archive's `requirements.txt` and
 * `pyproject.toml` when the pipeline stored them, else the version's `dependencies` (what the
 * publish request or the upstream gave).
 */
async function requirementsOf(
  ctx: AppContext,
  rows: PlanVersionRow[],
): Promise<Map<string, { lines: RequirementLine[]; notes: string[] }>> {
  const stored = await listVersionRequirements(
    ctx.db,
    rows.map((r) => r.id),
  );
  const out = new Map<string, { lines: RequirementLine[]; notes: string[] }>();
  for (const row of rows) {
    const entries = stored.get(row.id) ?? [];
    if (entries.length > 0) {
      out.set(row.id, {
        lines: entries.map(storedRequirementLine).filter((l): l is RequirementLine => l !== null),
        notes: entries.flatMap((e) =>
          e.kind === 'option'
            ? [`${e.text}: pip option, the packages it brings in are not checked`]
            : e.kind === 'problem'
              ? [`${e.text}: ${e.problem}`]
              : [],
        ),
      });
    } else {
      const lines = parseJsonArray(row.dependencies).map(readRequirementLine);
      out.set(row.id, { lines: lines.filter((l): l is RequirementLine => l !== null), notes: [] });
    }
  }
  return out;
}

function environmentOf(
  id: string,
  row: PlanVersionRow,
  requirements: Map<string, { lines: RequirementLine[]; notes: string[] }>,
): PackEnvironment {
  const found = requirements.get(row.id);
  return {
    id,
    version: row.version,
    requirements: found?.lines ?? null,
    notes: found?.notes ?? [],
    supportedOs: parseJsonArray(row.supported_os),
    supportedAccelerators: parseJsonArray(row.supported_accelerators),
    supportedComfyuiVersion: row.supported_comfyui_version,
  };
}

/** The plan of an input: packs, commands, and what installing them does to the environment. */
export async function computePlan(ctx: AppContext, input: PlanInput): Promise<PlanResponseJson> {
  const { versions, ...plan } = await planInstall(ctx, input.uses);
  const unchecked: string[] = [];
  const chosen: [string, PlanVersionRow][] = [];
  for (const pack of plan.packs) {
    const row = versions.get(pack.id);
    if (row) chosen.push([pack.id, row]);
    else unchecked.push(`requirements of ${pack.id}: no version here to read them from (installed by git clone)`);
  }
  const installedRows = await installedVersions(ctx, input.installed, new Set(plan.packs.map((p) => p.id)), unchecked);
  const all = [...chosen, ...installedRows];
  const requirements = await requirementsOf(
    ctx,
    all.map(([, row]) => row),
  );
  const packs = all.map(([id, row]) => environmentOf(id, row, requirements));
  const release: ComfyuiRelease | undefined =
    input.comfyui_release === null ? undefined : findComfyuiRelease(input.comfyui_release);
  const environment = checkEnvironment(
    packs,
    {
      os: input.os ?? undefined,
      accelerator: input.accelerator ?? undefined,
      comfyuiVersion: input.comfyui_version ?? undefined,
    },
    release,
  );
  environment.unchecked.unshift(...unchecked);
  return {
    format: input.format,
    node_types: new Set(input.uses.map((u) => u.type)).size,
    ...plan,
    core_list: await coreClassList(ctx.db),
    environment,
  };
}

/** The latest versions of the packs said to be installed (by id or another id of theirs). */
async function installedVersions(
  ctx: AppContext,
  ids: string[],
  planned: Set<string>,
  unchecked: string[],
): Promise<[string, PlanVersionRow][]> {
  if (ids.length === 0) return [];
  const own = await findNodesByAnyCase(ctx.db, ids);
  const found = new Map(own.map((p) => [p.normalized_id, p]));
  const aliases = await findAliasTargets(
    ctx.db,
    ids.map((id) => id.toLowerCase()).filter((id) => !found.has(id)),
  );
  const viaAlias = await findNodesByAnyCase(ctx.db, [...new Set(aliases.values())]);
  const byId = new Map([...own, ...viaAlias].map((p) => [p.id, p]));
  for (const id of ids) {
    if (!found.has(id.toLowerCase()) && !aliases.has(id.toLowerCase()))
      unchecked.push(`installed ${id}: not a pack here`);
  }
  const packs = [...byId.values()].filter((p) => !planned.has(p.id));
  const rows = await findPlanVersions(
    ctx.db,
    [],
    packs.map((p) => p.latest_version_id).filter((v): v is string => v !== null),
  );
  const rowById = new Map(rows.map((r) => [r.id, r]));
  return packs.flatMap((pack) => {
    const row = pack.latest_version_id === null ? undefined : rowById.get(pack.latest_version_id);
    if (!row) {
      unchecked.push(`requirements of installed ${pack.id}: no version here to read them from`);
      return [];
    }
    return [[pack.id, row] as [string, PlanVersionRow]];
  });
}

/** The id a shared plan input is stored under: the same input always gets the same id. */
export function sharedPlanId(input: PlanInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 16);
}

/** Stores the input for sharing and answers its id with the plan. */
export async function sharePlan(ctx: AppContext, input: PlanInput): Promise<{ id: string; plan: PlanResponseJson }> {
  const id = sharedPlanId(input);
  await saveSharedPlan(ctx.db, id, JSON.stringify(input), nowIso());
  return { id, plan: await computePlan(ctx, input) };
}

/** A shared plan, computed against today's catalogue. */
export async function getSharedPlan(ctx: AppContext, id: string): Promise<PlanResponseJson> {
  const stored = await findSharedPlan(ctx.db, id);
  if (stored === undefined) throw notFound('Install plan not found', `no shared plan ${id}`);
  return computePlan(ctx, JSON.parse(stored) as PlanInput);
}
