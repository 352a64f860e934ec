/** Most distinct node types one resolution asks about (the server's limit). */
export const MAX_NODE_TYPES = 2000;
/** Longest node type name the server accepts. */
export const MAX_TYPE_LENGTH = 200;

/** One node type a workflow uses and how many of its nodes have it. */
export interface NodeTypeUse {
  type: string;
  count: number;
}

export type WorkflowParse =
  | { ok: true; format: 'ui' | 'api'; types: NodeTypeUse[] }
  | { ok: false; reason: 'json' | 'not-workflow' | 'empty' | 'too-many' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function tally(types: string[]): NodeTypeUse[] {
  const counts = new Map<string, number>();
  for (const type of types) {
    const name = type.trim();
    if (name === '' || name.length > MAX_TYPE_LENGTH) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([type, count]) => ({ type, count }));
}

/** Node types of a UI-format workflow: `nodes[].type`, subgraph nodes too, minus subgraph instances. */
function uiTypes(root: Record<string, unknown>): string[] | undefined {
  if (!Array.isArray(root.nodes)) return undefined;
  const definitions = isRecord(root.definitions) ? root.definitions : {};
  const subgraphs = Array.isArray(definitions.subgraphs) ? definitions.subgraphs.filter(isRecord) : [];
  // A node whose type is a subgraph's id is an instance of that subgraph, not a class.
  const subgraphIds = new Set(subgraphs.map((s) => s.id).filter((id): id is string => typeof id === 'string'));
  const lists = [root.nodes, ...subgraphs.map((s) => s.nodes)];
  const types: string[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      if (isRecord(node) && typeof node.type === 'string' && !subgraphIds.has(node.type)) types.push(node.type);
    }
  }
  return types;
}

/** Node types of an API-format workflow: an object of `{ class_type }` nodes (or one under `prompt`). */
function apiTypes(root: Record<string, unknown>): string[] | undefined {
  const prompt = isRecord(root.prompt) ? root.prompt : root;
  const nodes = Object.values(prompt).filter(isRecord);
  const types = nodes.map((node) => node.class_type).filter((type): type is string => typeof type === 'string');
  return types.length > 0 ? types : undefined;
}

/**
 * Reads a ComfyUI workflow (UI format with `nodes[].type`, or API format with `class_type`) and
 * lists the node types it uses, in order of first use, with how often each is used.
 */
export function parseWorkflow(text: string): WorkflowParse {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, reason: 'json' };
  }
  if (!isRecord(root)) return { ok: false, reason: 'not-workflow' };
  const ui = uiTypes(root);
  const format = ui ? 'ui' : 'api';
  const raw = ui ?? apiTypes(root);
  if (!raw) return { ok: false, reason: 'not-workflow' };
  const types = tally(raw);
  if (types.length === 0) return { ok: false, reason: 'not-workflow' };
  if (types.length > MAX_NODE_TYPES) return { ok: false, reason: 'too-many' };
  return { ok: true, format, types };
}
