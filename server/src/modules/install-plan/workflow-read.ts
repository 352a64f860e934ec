/**
 * Reads what a ComfyUI workflow says about the nodes it needs: each node's class (`type` in the
 * UI format, `class_type` in the API format) and, where the front end recorded them in the
 * node's `properties`, the pack (`cnr_id`: its registry id; `aux_id`: `owner/repo` on GitHub for
 * packs outside the registry) and the pack's version (`ver`: a version, or a commit hash).
 * Subgraphs (`definitions.subgraphs`, nested too) and group nodes (`extra.groupNodes`) are read
 * for the nodes inside them; their instances are not classes.
 */

/** Longest class name read; longer ones are not node classes ComfyUI could have written. */
export const MAX_CLASS_NAME_LENGTH = 200;
/** Most distinct node uses one plan covers. */
export const MAX_NODE_USES = 2000;

/** One node class a workflow uses, with what the workflow says about its pack. */
export interface NodeUse {
  type: string;
  /** How many nodes of the workflow have this class (and these properties). */
  count: number;
  cnr_id?: string;
  aux_id?: string;
  ver?: string;
}

export type WorkflowRead =
  | { ok: true; format: 'ui' | 'api'; uses: NodeUse[] }
  | { ok: false; reason: 'not-workflow' | 'no-nodes' | 'too-many-classes' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short single-line string property, or undefined. */
function text(value: unknown, max = MAX_CLASS_NAME_LENGTH): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= max && !/[\r\n]/.test(trimmed) ? trimmed : undefined;
}

/** Instances of group nodes are typed `workflow>Name` (older front ends: `workflow/Name`). */
const GROUP_NODE_PREFIXES = ['workflow>', 'workflow/'];

interface RawNode {
  type: string;
  properties: Record<string, unknown>;
}

/** Every node list of a UI workflow: the top level, each subgraph (nested too) and each group node. */
function uiNodes(root: Record<string, unknown>): RawNode[] | undefined {
  if (!Array.isArray(root.nodes)) return undefined;
  const subgraphs: Record<string, unknown>[] = [];
  const pending: Record<string, unknown>[] = [root];
  // Subgraph definitions may carry definitions of their own; each is read once.
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const holder = pending.pop() as Record<string, unknown>;
    const definitions = isRecord(holder.definitions) ? holder.definitions : undefined;
    const list = definitions && Array.isArray(definitions.subgraphs) ? definitions.subgraphs : [];
    for (const subgraph of list) {
      if (!isRecord(subgraph) || seen.has(subgraph)) continue;
      seen.add(subgraph);
      subgraphs.push(subgraph);
      pending.push(subgraph);
    }
  }
  const instanceTypes = new Set(subgraphs.map((s) => s.id).filter((id): id is string => typeof id === 'string'));
  const extra = isRecord(root.extra) ? root.extra : {};
  const groups = isRecord(extra.groupNodes) ? Object.values(extra.groupNodes).filter(isRecord) : [];

  const nodes: RawNode[] = [];
  for (const list of [root.nodes, ...subgraphs.map((s) => s.nodes), ...groups.map((g) => g.nodes)]) {
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      if (!isRecord(node)) continue;
      const type = text(node.type);
      if (!type || instanceTypes.has(type) || GROUP_NODE_PREFIXES.some((p) => type.startsWith(p))) continue;
      nodes.push({ type, properties: isRecord(node.properties) ? node.properties : {} });
    }
  }
  return nodes;
}

/** The nodes of an API-format workflow: `{id: {class_type, inputs}}`, or the same under `prompt`. */
function apiNodes(root: Record<string, unknown>): RawNode[] | undefined {
  const prompt = isRecord(root.prompt) ? root.prompt : root;
  const nodes: RawNode[] = [];
  for (const node of Object.values(prompt)) {
    if (!isRecord(node)) continue;
    const type = text(node.class_type);
    if (type) nodes.push({ type, properties: {} });
  }
  return nodes.length > 0 ? nodes : undefined;
}

/** One node's use: class plus the pack and version its properties name (only well-formed ones). */
function useOf(node: RawNode): Omit<NodeUse, 'count'> {
  const use: Omit<NodeUse, 'count'> = { type: node.type };
  const cnr = text(node.properties.cnr_id, 100);
  const aux = text(node.properties.aux_id, 200);
  const ver = text(node.properties.ver, 100);
  if (cnr) use.cnr_id = cnr;
  if (aux && /^[^/\s]+\/[^/\s]+$/.test(aux)) use.aux_id = aux;
  if (ver && (cnr || use.aux_id)) use.ver = ver;
  return use;
}

/** Counts nodes by class and pack properties, in order of first use. */
export function tallyUses(uses: Omit<NodeUse, 'count'>[]): NodeUse[] {
  const byKey = new Map<string, NodeUse>();
  for (const use of uses) {
    const key = JSON.stringify([use.type, use.cnr_id ?? '', use.aux_id ?? '', use.ver ?? '']);
    const found = byKey.get(key);
    if (found) found.count += 1;
    else byKey.set(key, { ...use, count: 1 });
  }
  return [...byKey.values()];
}

/** Reads a parsed workflow (UI or API format). */
export function readWorkflow(root: unknown): WorkflowRead {
  if (!isRecord(root)) return { ok: false, reason: 'not-workflow' };
  const ui = uiNodes(root);
  const nodes = ui ?? apiNodes(root);
  if (!nodes) return { ok: false, reason: 'not-workflow' };
  if (nodes.length === 0) return { ok: false, reason: 'no-nodes' };
  const uses = tallyUses(nodes.map(useOf));
  if (uses.length > MAX_NODE_USES) return { ok: false, reason: 'too-many-classes' };
  return { ok: true, format: ui ? 'ui' : 'api', uses };
}
