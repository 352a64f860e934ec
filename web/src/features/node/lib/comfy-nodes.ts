/** One input of a comfy-node: its name, type, and whether it is optional. */
export interface NodeInput {
  name: string;
  type: string;
  optional: boolean;
}

/** One output of a comfy-node. */
export interface NodeOutput {
  /** Position among the outputs (names and types may repeat). */
  slot: number;
  name: string;
  type: string;
}

function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The type shown for an input spec: a list of choices is "COMBO", otherwise the type name. */
function inputType(spec: unknown): string {
  const first = Array.isArray(spec) ? spec[0] : spec;
  if (Array.isArray(first)) return 'COMBO';
  if (typeof first === 'string') return first;
  return '?';
}

/** The inputs of an INPUT_TYPES definition (JSON text), required ones first; [] when unreadable. */
export function parseInputs(inputTypes: string): NodeInput[] {
  const value = parseJson(inputTypes);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const inputs: NodeInput[] = [];
  for (const [group, optional] of [
    ['required', false],
    ['optional', true],
  ] as const) {
    const entries = (value as Record<string, unknown>)[group];
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) continue;
    for (const [name, spec] of Object.entries(entries as Record<string, unknown>)) {
      inputs.push({ name, type: inputType(spec), optional });
    }
  }
  return inputs;
}

function stringList(text: string): string[] {
  const value = parseJson(text);
  return Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : Array.isArray(v) ? 'COMBO' : String(v)))
    : [];
}

/** The outputs from RETURN_TYPES and RETURN_NAMES (JSON texts); a missing name falls back to the type. */
export function parseOutputs(returnTypes: string, returnNames: string): NodeOutput[] {
  const types = stringList(returnTypes);
  const names = stringList(returnNames);
  return types.map((type, i) => ({ slot: i, type, name: names[i] || type }));
}

/** The comfy-nodes whose name, display name or category contain the query (case-insensitive). */
export function filterComfyNodes<T extends { comfy_node_name: string; display_name: string; category: string }>(
  nodes: T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return nodes;
  return nodes.filter((n) =>
    [n.comfy_node_name, n.display_name, n.category].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}

/** Show a filter box above this many definitions. */
export const FILTER_THRESHOLD = 8;
