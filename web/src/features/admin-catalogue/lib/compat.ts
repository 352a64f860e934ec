import { valid } from 'semver';

/** Operators comfy-cli writes before a version (the server accepts exactly these). */
const ITEM = /^(==|>=|<=|!=|~=|<>|>|<|=)?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

/** Operating systems as comfy-cli classifiers spell them. */
export const OS_OPTIONS = ['OS Independent', 'Microsoft :: Windows', 'POSIX :: Linux', 'MacOS'] as const;
/** Accelerators comfy-cli keeps, plus CPU. */
export const ACCELERATOR_OPTIONS = [
  'GPU :: NVIDIA CUDA',
  'GPU :: AMD ROCm',
  'GPU :: Intel Arc',
  'NPU :: Huawei Ascend',
  'GPU :: Apple Metal',
  'CPU',
] as const;

/** The items of a specifier with spaces removed and empty items dropped. */
function items(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.replace(/\s+/g, ''))
    .filter((s) => s.length > 0);
}

/**
 * Whether a version range is one the server accepts: comma-separated `[op]X.Y.Z[-suffix]` items,
 * each version a valid semantic version (checked with `semver`); empty clears the field.
 */
export function isValidSpecifier(value: string): boolean {
  const list = items(value);
  if (list.length === 0) return value.trim() === '';
  return list.every((item) => {
    const match = ITEM.exec(item);
    return match?.[2] !== undefined && valid(match[2]) === match[2];
  });
}

/** The specifier as the server stores it: items without spaces, joined by commas. */
export function normalizeSpecifier(value: string): string {
  return items(value).join(',');
}

/** A list trimmed, de-duplicated and sorted (how the server and the old admin screen keep them). */
export function normalizeList(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))].sort((a, b) => a.localeCompare(b));
}

/** The four compatibility fields of a version or pack. */
export interface Compat {
  supported_os: string[];
  supported_accelerators: string[];
  supported_comfyui_version: string;
  supported_comfyui_frontend_version: string;
}

/** Whether two compatibility settings are the same once normalized. */
export function sameCompat(a: Compat, b: Compat): boolean {
  return (
    JSON.stringify(normalizeList(a.supported_os)) === JSON.stringify(normalizeList(b.supported_os)) &&
    JSON.stringify(normalizeList(a.supported_accelerators)) ===
      JSON.stringify(normalizeList(b.supported_accelerators)) &&
    normalizeSpecifier(a.supported_comfyui_version) === normalizeSpecifier(b.supported_comfyui_version) &&
    normalizeSpecifier(a.supported_comfyui_frontend_version) ===
      normalizeSpecifier(b.supported_comfyui_frontend_version)
  );
}
