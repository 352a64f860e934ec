import type { ExtractedComfyNode } from '../types.js';
import type { Interpreter } from './interpreter.js';
import { booleanList, NodeFields } from './node-fields.js';
import type { PackProgram } from './program.js';
import { type ClassInfo, list, type PyValue, toJson } from './values.js';

/**
 * One node in the classic style: a class with INPUT_TYPES, RETURN_TYPES, FUNCTION, CATEGORY and
 * friends. Defaults follow what ComfyUI's /object_info reports, so the stored definitions look
 * like those the public registry records after loading a pack: category "sd", output names
 * defaulting to the return types, one `false` per output in OUTPUT_IS_LIST.
 */
export function classicNode(
  program: PackProgram<Interpreter>,
  cls: ClassInfo,
  name: string,
  displayName: string | null,
): ExtractedComfyNode {
  const fields = new NodeFields(program, cls);
  const inputs = fields.callClassMethod('INPUT_TYPES');
  const returnTypes: PyValue = fields.attribute('RETURN_TYPES') ?? list([], true);
  const returnNames = fields.attribute('RETURN_NAMES') ?? returnTypes;
  const outputCount = returnTypes.kind === 'list' ? returnTypes.items.length : 0;
  return {
    name,
    displayName: displayName ?? fields.text('DISPLAY_NAME', name),
    category: fields.text('CATEGORY', 'sd'),
    description: fields.text('DESCRIPTION', ''),
    inputTypes: JSON.stringify(inputs ? toJson(inputs) : {}),
    returnTypes: JSON.stringify(toJson(returnTypes)),
    returnNames: JSON.stringify(toJson(returnNames)),
    outputIsList: booleanList(fields.attribute('OUTPUT_IS_LIST'), outputCount),
    function: fields.text('FUNCTION', ''),
    outputNode: fields.flag('OUTPUT_NODE'),
    deprecated: fields.flag('DEPRECATED'),
    experimental: fields.flag('EXPERIMENTAL'),
    sourceFile: cls.modulePath,
  };
}
