import type { ExtractedComfyNode } from '../types.js';
import type { Interpreter } from './interpreter.js';
import { enumValue, ioTypeOf, nameOf } from './io-types.js';
import { flagOf, NodeFields, textOf } from './node-fields.js';
import type { PackProgram } from './program.js';
import { type ClassInfo, type Json, type PyValue, placeholder, toJson } from './values.js';

/** Input keyword arguments renamed on the wire (comfy_api's as_dict), in their output order. */
const INPUT_OPTIONS: [string, string][] = [
  ['display_name', 'display_name'],
  ['tooltip', 'tooltip'],
  ['lazy', 'lazy'],
  ['raw_link', 'rawLink'],
  ['default', 'default'],
  ['socketless', 'socketless'],
  ['widget_type', 'widgetType'],
  ['force_input', 'forceInput'],
  ['min', 'min'],
  ['max', 'max'],
  ['step', 'step'],
  ['round', 'round'],
  ['control_after_generate', 'control_after_generate'],
  ['display_mode', 'display'],
  ['multiline', 'multiline'],
  ['placeholder', 'placeholder'],
  ['dynamic_prompts', 'dynamicPrompts'],
  ['label_on', 'label_on'],
  ['label_off', 'label_off'],
  ['options', 'options'],
  ['image_folder', 'image_folder'],
];

type CallValue = Extract<PyValue, { kind: 'call' }>;

/**
 * One node in the comfy_api schema style: `define_schema()` returns `io.Schema(...)` whose
 * inputs and outputs are `io.<Type>.Input(...)` / `.Output(...)` calls. The result mirrors what
 * ComfyUI's get_v1_info reports for such a node. Returns null when define_schema does not
 * statically return an `io.Schema(...)` call.
 */
export function schemaNode(
  program: PackProgram<Interpreter>,
  cls: ClassInfo,
  mappedName: string | null,
  displayName: string | null,
): ExtractedComfyNode | null {
  const fields = new NodeFields(program, cls);
  const schema = fields.callClassMethod('define_schema');
  if (schema?.kind !== 'call' || nameOf(schema.callee) !== 'Schema') return null;
  const arg = (name: string, position: number) => schema.kwargs.get(name) ?? schema.args[position];
  const nodeId = arg('node_id', 0);
  const name = mappedName ?? (nodeId?.kind === 'str' ? nodeId.value : null);
  if (!name) return null;
  const outputNode = flagOf(arg('is_output_node', -1));
  const inputs = inputDict(arg('inputs', 3), arg('hidden', 5), outputNode, flagOf(arg('is_api_node', -1)));
  const outputs = outputList(arg('outputs', 4));
  return {
    name,
    displayName: displayName ?? textOf(arg('display_name', 1), name),
    category: textOf(arg('category', 2), 'sd'),
    description: textOf(arg('description', 6), ''),
    inputTypes: JSON.stringify(inputs),
    returnTypes: JSON.stringify(outputs.map((o) => o.type)),
    returnNames: JSON.stringify(outputs.map((o) => o.name)),
    outputIsList: outputs.map((o) => o.isList),
    function: 'execute',
    outputNode,
    deprecated: flagOf(arg('is_deprecated', -1)),
    experimental: flagOf(arg('is_experimental', -1)),
    sourceFile: cls.modulePath,
  };
}

function inputDict(inputs: PyValue | undefined, hidden: PyValue | undefined, outputNode: boolean, apiNode: boolean) {
  const out: Record<string, Record<string, Json>> = { required: {} };
  const section = (name: string): Record<string, Json> => {
    out[name] ??= {};
    return out[name];
  };
  const items = inputs?.kind === 'list' ? inputs.items : inputs ? [inputs] : [];
  for (const item of items) {
    const input = describeInput(item);
    if (!input) {
      section('required')[placeholder(item)] = placeholder(item);
      continue;
    }
    section(input.optional ? 'optional' : 'required')[input.id] = [input.type, input.options];
  }
  const hiddenValues = hidden?.kind === 'list' ? hidden.items.map(enumValue) : [];
  // Schema.finalize() adds these for output and API nodes.
  if (outputNode) hiddenValues.push('PROMPT', 'EXTRA_PNGINFO');
  if (apiNode) hiddenValues.push('AUTH_TOKEN_COMFY_ORG', 'API_KEY_COMFY_ORG');
  for (const value of hiddenValues) {
    if (value) section('hidden')[value.toLowerCase()] = [value];
  }
  return out;
}

function describeInput(value: PyValue): { id: string; type: string; optional: boolean; options: Json } | null {
  if (value.kind !== 'call' || value.callee.kind !== 'attr' || value.callee.name !== 'Input') return null;
  const type = ioTypeOf(value.callee.object);
  const id = value.kwargs.get('id') ?? value.args[0];
  if (!type || id?.kind !== 'str') return null;
  const options: Record<string, Json> = {};
  const comboOptions = value.kwargs.get('options') ?? (type === 'COMBO' ? value.args[1] : undefined);
  for (const [keyword, wire] of INPUT_OPTIONS) {
    const option = keyword === 'options' ? comboOptions : value.kwargs.get(keyword);
    if (!option || option.kind === 'none') continue;
    const asEnum = enumValue(option);
    options[wire] = asEnum !== null && option.kind === 'attr' ? asEnum : toJson(option);
  }
  const upload = value.kwargs.get('upload');
  const uploadKey = upload ? enumValue(upload) : null;
  if (uploadKey) options[uploadKey] = true;
  const extra = value.kwargs.get('extra_dict');
  if (extra?.kind === 'dict') for (const [k, v] of extra.entries) options[k] = toJson(v);
  return { id: id.value, type, optional: flagOf(value.kwargs.get('optional')), options };
}

function outputList(outputs: PyValue | undefined): { type: string; name: string; isList: boolean }[] {
  const items = outputs?.kind === 'list' ? outputs.items : outputs ? [outputs] : [];
  return items.map((item) => {
    const call = item.kind === 'call' ? (item as CallValue) : null;
    const type = call?.callee.kind === 'attr' && call.callee.name === 'Output' ? ioTypeOf(call.callee.object) : null;
    if (!call || !type) return { type: placeholder(item), name: placeholder(item), isList: false };
    const display = call.kwargs.get('display_name') ?? call.args[1];
    return {
      type,
      name: display?.kind === 'str' ? display.value : type,
      isList: flagOf(call.kwargs.get('is_output_list') ?? call.args[3]),
    };
  });
}
