import type { PackMetadata } from '../types.js';
import { stringAt, stringsAt, type TomlTable, tableAt } from './parse-toml.js';

const OS_PREFIXES = ['OS Independent', 'Microsoft', 'POSIX', 'MacOS'];
const ACCELERATORS = new Set([
  'GPU :: NVIDIA CUDA',
  'GPU :: AMD ROCm',
  'GPU :: Intel Arc',
  'NPU :: Huawei Ascend',
  'GPU :: Apple Metal',
]);
const FRONTEND_PACKAGE = /^comfyui[-_.]frontend[-_.]package(?![A-Za-z0-9_.-])/i;
/** One `[op]X.Y.Z[-suffix]` item of a comfy-cli version specifier. */
const SPEC_ITEM = /^(==|>=|<=|!=|~=|<>|>|<|=)?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Reads the registry's metadata from a parsed pyproject.toml, exactly as comfy-cli sends it on publish. */
export function readMetadata(pyproject: TomlTable, name: string, version: string): PackMetadata {
  const project = tableAt(pyproject, 'project');
  const comfy = tableAt(tableAt(pyproject, 'tool'), 'comfy');
  const classifiers = stringsAt(project, 'classifiers');
  const allDependencies = stringsAt(project, 'dependencies');
  const frontend = allDependencies.find((d) => FRONTEND_PACKAGE.test(d.trim()));
  return {
    name,
    version,
    description: stringAt(project, 'description'),
    license: encodeLicense(project.license),
    repository: stringAt(tableAt(project, 'urls'), 'Repository'),
    dependencies: allDependencies.filter((d) => d !== frontend),
    supportedOs: classifierValues(classifiers, 'Operating System :: ', (x) => OS_PREFIXES.some((p) => x.startsWith(p))),
    supportedAccelerators: classifierValues(classifiers, 'Environment :: ', (x) => ACCELERATORS.has(x)),
    supportedComfyuiVersion: validSpecifier(stringAt(comfy, 'requires-comfyui')),
    supportedComfyuiFrontendVersion: validSpecifier(frontend ? frontend.trim().replace(FRONTEND_PACKAGE, '') : ''),
    displayName: stringAt(comfy, 'DisplayName'),
    icon: stringAt(comfy, 'Icon'),
    banner: stringAt(comfy, 'Banner'),
    publisherId: stringAt(comfy, 'PublisherId'),
  };
}

/**
 * comfy-cli's license encoding: a string becomes {"text": ...}, a table keeps its `file`/`text`
 * keys, anything else is {}. Serialised like Python's json.dumps so stored values match packs
 * published with comfy-cli byte for byte.
 */
export function encodeLicense(value: unknown): string {
  if (typeof value === 'string') return pythonJson([['text', value]]);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const pairs = Object.entries(value).filter(
      (p): p is [string, string] => (p[0] === 'file' || p[0] === 'text') && typeof p[1] === 'string',
    );
    if (pairs.length > 0) return pythonJson(pairs);
  }
  return '{}';
}

function pythonJson(pairs: [string, string][]): string {
  const str = (s: string) =>
    JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `{${pairs.map(([k, v]) => `${str(k)}: ${str(v)}`).join(', ')}}`;
}

/** Classifier values under one prefix; comfy-cli drops the whole list when one value is not allowed. */
function classifierValues(classifiers: string[], prefix: string, allowed: (value: string) => boolean): string[] {
  const values = classifiers.filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length).trim());
  return values.every(allowed) ? values : [];
}

/** A comma-separated version specifier as comfy-cli accepts it, or '' (comfy-cli drops invalid ones). */
function validSpecifier(spec: string): string {
  const trimmed = spec.trim();
  if (trimmed === '') return '';
  const items = trimmed.split(',').map((s) => s.replace(/\s+/g, ''));
  return items.every((item) => SPEC_ITEM.test(item)) ? trimmed : '';
}
