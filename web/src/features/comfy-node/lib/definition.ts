/** One input of a comfy-node class as its INPUT_TYPES declares it. */
export interface ClassInput {
  group: 'required' | 'optional';
  name: string;
  /** The type name, or the choices of a combo input. */
  type: string;
  choices: string[];
}

/** One output of a comfy-node class. */
export interface ClassOutput {
  name: string;
  type: string;
  isList: boolean;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) : [];

/**
 * The required and optional inputs from INPUT_TYPES JSON (`{"required": {"image": ["IMAGE"]}}`).
 * A list of strings as the type is a combo (choices). Hidden inputs are left out; bad JSON gives none.
 */
export function parseInputs(inputTypes: string): ClassInput[] {
  const root = parse(inputTypes);
  if (!isRecord(root)) return [];
  const inputs: ClassInput[] = [];
  for (const group of ['required', 'optional'] as const) {
    const entries = root[group];
    if (!isRecord(entries)) continue;
    for (const [name, spec] of Object.entries(entries)) {
      const head: unknown = Array.isArray(spec) ? spec[0] : spec;
      if (Array.isArray(head)) inputs.push({ group, name, type: 'COMBO', choices: strings(head) });
      else inputs.push({ group, name, type: typeof head === 'string' ? head : '*', choices: [] });
    }
  }
  return inputs;
}

/** The outputs from RETURN_TYPES / RETURN_NAMES JSON and output_is_list; names default to the type. */
export function parseOutputs(returnTypes: string, returnNames: string, outputIsList: boolean[]): ClassOutput[] {
  const types = strings(parse(returnTypes));
  const names = strings(parse(returnNames));
  return types.map((type, index) => ({
    name: names[index] || type,
    type,
    isList: outputIsList[index] ?? false,
  }));
}
