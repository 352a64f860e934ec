import { parseAcceleratorFamily, parseOsFamily } from '../../engines/search-index/filters.js';
import { badRequest } from '../../lib/errors.js';

/** One `[op]X.Y.Z[-suffix]` item of a version specifier, as comfy-cli writes them. */
const SPEC_ITEM = /^(==|>=|<=|!=|~=|<>|>|<|=)?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Classifier prefixes comfy-cli keeps for `Operating System :: X`. */
export const OS_PREFIXES = ['OS Independent', 'Microsoft', 'POSIX', 'MacOS'] as const;
/** Accelerators comfy-cli keeps for `Environment :: X`, plus CPU (no accelerator needed). */
export const ACCELERATORS = [
  'GPU :: NVIDIA CUDA',
  'GPU :: AMD ROCm',
  'GPU :: Intel Arc',
  'NPU :: Huawei Ascend',
  'GPU :: Apple Metal',
  'CPU',
] as const;

/** The four compatibility fields of a pack or version, as an admin sends them. */
export interface CompatInput {
  supported_os?: string[] | undefined;
  supported_accelerators?: string[] | undefined;
  supported_comfyui_version?: string | undefined;
  supported_comfyui_frontend_version?: string | undefined;
}

/** The column values for the given fields; 400 naming the field and the accepted form otherwise. */
export function compatColumns(input: CompatInput): Record<string, string> {
  const columns: Record<string, string> = {};
  if (input.supported_os !== undefined) {
    columns.supported_os = JSON.stringify(checkList('supported_os', input.supported_os, isOs, OS_PREFIXES));
  }
  if (input.supported_accelerators !== undefined) {
    const list = checkList('supported_accelerators', input.supported_accelerators, isAccelerator, ACCELERATORS);
    columns.supported_accelerators = JSON.stringify(list);
  }
  if (input.supported_comfyui_version !== undefined) {
    columns.supported_comfyui_version = checkSpecifier('supported_comfyui_version', input.supported_comfyui_version);
  }
  if (input.supported_comfyui_frontend_version !== undefined) {
    columns.supported_comfyui_frontend_version = checkSpecifier(
      'supported_comfyui_frontend_version',
      input.supported_comfyui_frontend_version,
    );
  }
  return columns;
}

/** A comma-separated list of `[op]X.Y.Z` items, spaces removed; '' clears the field. */
export function checkSpecifier(field: string, value: string): string {
  const items = value
    .split(',')
    .map((s) => s.replace(/\s+/g, ''))
    .filter((s) => s.length > 0);
  const bad = items.filter((s) => !SPEC_ITEM.test(s));
  if (bad.length > 0 || (items.length === 0 && value.trim() !== '')) {
    throw badRequest(
      `Invalid ${field}: ${JSON.stringify(value)}`,
      'expected comma-separated version specifiers such as ">=1.2.0,<2.0.0"',
    );
  }
  return items.join(',');
}

function checkList(field: string, values: string[], ok: (v: string) => boolean, allowed: readonly string[]): string[] {
  const trimmed = [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))];
  const bad = trimmed.filter((v) => !ok(v));
  if (bad.length > 0) {
    throw badRequest(`Invalid ${field}: ${bad.join(', ')}`, `allowed values: ${allowed.join(', ')}`);
  }
  return trimmed;
}

// Classifier spellings (`Microsoft :: Windows`) and the short names search accepts (`windows`).
function isOs(value: string): boolean {
  return OS_PREFIXES.some((p) => value.startsWith(p)) || parseOsFamily(value) !== undefined;
}

function isAccelerator(value: string): boolean {
  return (
    (ACCELERATORS as readonly string[]).includes(value) ||
    value.toLowerCase() === 'cpu' ||
    parseAcceleratorFamily(value) !== undefined
  );
}
