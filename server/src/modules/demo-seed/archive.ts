import { strToU8, zipSync } from 'fflate';
import type { DemoComfyNode } from './comfy-nodes.js';
import type { DemoPack, DemoPublisher, DemoVersion } from './generate.js';

/** Fixed modification time inside every demo zip, so the bytes (and hashes) repeat run to run. */
const ZIP_MTIME = new Date(Date.UTC(2024, 0, 1));

/**
 * A small but real node-pack archive for one version: `pyproject.toml` at the root, as comfy-cli
 * packs it, and an `__init__.py` declaring the pack's classes the way ComfyUI reads them.
 */
export function buildDemoArchive(pack: DemoPack, publisher: DemoPublisher, version: DemoVersion): Uint8Array {
  return zipSync(
    {
      'pyproject.toml': strToU8(pyproject(pack, publisher, version)),
      '__init__.py': strToU8(initPy(pack.comfyNodes)),
      'README.md': strToU8(`# ${pack.name}\n\n${pack.description}\n`),
    },
    { level: 1, mtime: ZIP_MTIME },
  );
}

function pyproject(pack: DemoPack, publisher: DemoPublisher, version: DemoVersion): string {
  const license = JSON.parse(pack.license) as { text?: string; file?: string };
  const classifiers = [
    ...pack.supportedOs.map((os) => `Operating System :: ${os}`),
    ...pack.supportedAccelerators.map((a) => `Environment :: ${a}`),
  ];
  return [
    '[project]',
    `name = ${tomlString(pack.id)}`,
    `description = ${tomlString(pack.description)}`,
    `version = ${tomlString(version.version)}`,
    license.file
      ? `license = { file = ${tomlString(license.file)} }`
      : `license = { text = ${tomlString(license.text ?? '')} }`,
    `dependencies = [${version.dependencies.map(tomlString).join(', ')}]`,
    `classifiers = [${classifiers.map(tomlString).join(', ')}]`,
    '',
    '[project.urls]',
    `Repository = ${tomlString(pack.repositoryUrl)}`,
    '',
    '[tool.comfy]',
    `PublisherId = ${tomlString(publisher.id)}`,
    `DisplayName = ${tomlString(pack.name)}`,
    'Icon = ""',
    ...(pack.supportedComfyuiVersion ? [`requires-comfyui = ${tomlString(pack.supportedComfyuiVersion)}`] : []),
    '',
  ].join('\n');
}

function initPy(nodes: DemoComfyNode[]): string {
  const classes = nodes.map((node) =>
    [
      `class ${node.name}:`,
      `    CATEGORY = ${pyString(node.category)}`,
      `    DESCRIPTION = ${pyString(node.description)}`,
      `    RETURN_TYPES = (${node.returnTypes.map((t) => `${pyString(t)},`).join(' ')})`,
      `    RETURN_NAMES = (${node.returnNames.map((t) => `${pyString(t)},`).join(' ')})`,
      `    FUNCTION = ${pyString(node.function)}`,
      `    OUTPUT_NODE = ${node.outputNode ? 'True' : 'False'}`,
      '',
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      // The JSON holds only strings, numbers, lists and objects, which Python reads as the same literal.
      `        return ${node.inputTypes}`,
      '',
      `    def ${node.function}(self, **kwargs):`,
      `        return (${node.returnTypes.length > 0 ? 'next(iter(kwargs.values()), None),' : ''})`,
      '',
    ].join('\n'),
  );
  const mapping = (value: (n: DemoComfyNode) => string) =>
    `{\n${nodes.map((n) => `    ${pyString(n.name)}: ${value(n)},`).join('\n')}\n}`;
  return [
    ...classes,
    `NODE_CLASS_MAPPINGS = ${mapping((n) => n.name)}`,
    `NODE_DISPLAY_NAME_MAPPINGS = ${mapping((n) => pyString(n.displayName))}`,
    '',
  ].join('\n\n');
}

/** A TOML basic string: JSON's escaping is valid TOML for the characters demo data uses. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** A Python string literal (JSON escaping is valid Python too). */
function pyString(value: string): string {
  return JSON.stringify(value);
}
