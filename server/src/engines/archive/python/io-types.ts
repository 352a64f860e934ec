import { describe, type PyValue } from './values.js';

/** comfy_api `io` type classes whose wire name is not their name in UPPER_SNAKE_CASE. */
const SPECIAL_IO_TYPES: Record<string, string> = {
  AnyType: '*',
  MultiCombo: 'COMBO',
  Load3D: 'LOAD_3D',
  Load3DAnimation: 'LOAD_3D_ANIMATION',
  Load3DCamera: 'LOAD3D_CAMERA',
  MultiType: 'COMFY_MULTITYPED_V3',
  MatchType: 'COMFY_MATCHTYPE_V3',
  Autogrow: 'COMFY_AUTOGROW_V3',
};

/** Values of the comfy_api enums that appear in schemas (`io.Hidden.unique_id` → "UNIQUE_ID"). */
const ENUMS: Record<string, Record<string, string>> = {
  Hidden: {
    unique_id: 'UNIQUE_ID',
    prompt: 'PROMPT',
    extra_pnginfo: 'EXTRA_PNGINFO',
    dynprompt: 'DYNPROMPT',
    auth_token_comfy_org: 'AUTH_TOKEN_COMFY_ORG',
    api_key_comfy_org: 'API_KEY_COMFY_ORG',
  },
  UploadType: { image: 'image_upload', audio: 'audio_upload', video: 'video_upload', model: 'file_upload' },
  FolderType: { input: 'input', output: 'output', temp: 'temp' },
  NumberDisplay: { number: 'number', slider: 'slider' },
};

/** `ClipVisionOutput` → `CLIP_VISION_OUTPUT`, the rule comfy_api follows for nearly every type. */
function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/**
 * The io_type of the type a schema input or output is built from: `io.Int` → "INT",
 * `io.Custom("MY_TYPE")` → "MY_TYPE". Null when the expression is not such a type.
 */
export function ioTypeOf(typeValue: PyValue): string | null {
  if (typeValue.kind === 'call') {
    const calleeName = nameOf(typeValue.callee);
    const arg = typeValue.args[0] ?? typeValue.kwargs.get('io_type');
    return calleeName === 'Custom' && arg?.kind === 'str' ? arg.value : null;
  }
  const name = nameOf(typeValue);
  if (!name) return null;
  return SPECIAL_IO_TYPES[name] ?? upperSnake(name);
}

/** The value of a comfy_api enum member such as `io.Hidden.unique_id`, or null. */
export function enumValue(value: PyValue): string | null {
  if (value.kind === 'str') return value.value;
  if (value.kind !== 'attr') return null;
  const owner = nameOf(value.object);
  return owner ? (ENUMS[owner]?.[value.name] ?? null) : null;
}

/** The last name of a symbolic reference: `io.Int` → "Int". */
export function nameOf(value: PyValue): string | null {
  if (value.kind === 'attr') return value.name;
  if (value.kind === 'ref') return value.name.split('.').pop() ?? null;
  if (value.kind === 'class') return value.cls.name;
  return null;
}

/** Source text of the value, for notes. */
export function spelled(value: PyValue): string {
  return describe(value);
}
