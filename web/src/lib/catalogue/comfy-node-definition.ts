/**
 * Reading a comfy-node definition as the catalogue stores it: `input_types`, `return_types` and
 * `return_names` are JSON texts of what ComfyUI's `/object_info` reports (`input`, `output`,
 * `output_name`), `output_is_list` a list of flags. The pack page and the comfy-node page both
 * show these, so both read them here with one set of fallbacks.
 */

/** Shown where a definition gives no readable type: it is not known, which is not ComfyUI's `*` ("any"). */
export const UNKNOWN_TYPE = '?';

/** One input: its group, name, type, and the choices when it is a combo. */
export interface ComfyNodeInput {
  group: 'required' | 'optional';
  name: string;
  /** The type name; `COMBO` when the spec is a list of choices. */
  type: string;
  choices: string[];
}

/** One output, by position (names and types may repeat). */
export interface ComfyNodeOutput {
  slot: number;
  name: string;
  type: string;
  isList: boolean;
}

/** The parsed JSON text, or undefined when it is blank or broken. */
function parseJson(text: string | null | undefined): unknown {
  if (!text?.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The type named by one input spec head or output entry: a string, a list (combo) or unknown. */
function typeOf(value: unknown): string {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value)) return 'COMBO';
  return UNKNOWN_TYPE;
}

/** Choices as text; a number or flag among them is written as JSON (`7`, `true`). */
const choiceTexts = (list: unknown[]): string[] =>
  list.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));

/**
 * The required then optional inputs of an INPUT_TYPES definition (`{"required": {"image": ["IMAGE"]}}`).
 * A list as the type is a combo with those choices; hidden inputs are left out; unreadable JSON gives none.
 */
export function parseInputs(inputTypes: string | null | undefined): ComfyNodeInput[] {
  const root = parseJson(inputTypes);
  if (!isRecord(root)) return [];
  const inputs: ComfyNodeInput[] = [];
  for (const group of ['required', 'optional'] as const) {
    const entries = root[group];
    if (!isRecord(entries)) continue;
    for (const [name, spec] of Object.entries(entries)) {
      const head: unknown = Array.isArray(spec) ? spec[0] : spec;
      inputs.push({ group, name, type: typeOf(head), choices: Array.isArray(head) ? choiceTexts(head) : [] });
    }
  }
  return inputs;
}

/**
 * The outputs from RETURN_TYPES and RETURN_NAMES (JSON texts) and `output_is_list`. An output whose
 * type is a list of choices is a combo (`COMBO`); an unnamed output is called by its type.
 */
export function parseOutputs(
  returnTypes: string | null | undefined,
  returnNames: string | null | undefined,
  outputIsList: readonly boolean[] = [],
): ComfyNodeOutput[] {
  const types = parseJson(returnTypes);
  const names = parseJson(returnNames);
  if (!Array.isArray(types)) return [];
  return types.map((entry, slot) => {
    const type = typeOf(entry);
    const name = Array.isArray(names) && typeof names[slot] === 'string' && names[slot] !== '' ? names[slot] : type;
    return { slot, name, type, isList: outputIsList[slot] === true };
  });
}
