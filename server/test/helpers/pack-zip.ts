import { strToU8, zipSync } from 'fflate';

export interface PackZipOptions {
  name: string;
  version: string;
  description?: string;
  /** Extra `[project]` lines, e.g. `dependencies = ["numpy"]`. */
  projectLines?: string[];
  /** Replaces the generated pyproject.toml; null leaves it out. */
  pyproject?: string | null;
  /** Further files by archive path. */
  files?: Record<string, string | Uint8Array>;
}

/** The pyproject.toml `comfy node init` would write for a pack. */
export function pyprojectFor(options: PackZipOptions): string {
  return [
    '[project]',
    `name = "${options.name}"`,
    `description = "${options.description ?? 'A test pack'}"`,
    `version = "${options.version}"`,
    'license = { text = "MIT" }',
    ...(options.projectLines ?? []),
    '',
    '[project.urls]',
    `Repository = "https://github.com/acme/${options.name}"`,
    '',
    '[tool.comfy]',
    'PublisherId = "acme"',
    `DisplayName = "${options.name} display"`,
    'Icon = ""',
    '',
  ].join('\n');
}

/** A zip laid out like comfy-cli's `node.zip`: entries relative to the repository root. */
export function packZip(options: PackZipOptions): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const pyproject = options.pyproject === undefined ? pyprojectFor(options) : options.pyproject;
  if (pyproject !== null) entries['pyproject.toml'] = strToU8(pyproject);
  entries['__init__.py'] = strToU8(
    [
      'class Hello:',
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      '        return {"required": {"text": ("STRING", {"default": "hi"})}}',
      '    RETURN_TYPES = ("STRING",)',
      '    FUNCTION = "run"',
      '    CATEGORY = "examples"',
      '    def run(self, text):',
      '        return (text,)',
      '',
      'NODE_CLASS_MAPPINGS = {"HelloNode": Hello}',
      'NODE_DISPLAY_NAME_MAPPINGS = {"HelloNode": "Hello"}',
      '',
    ].join('\n'),
  );
  for (const [path, content] of Object.entries(options.files ?? {})) {
    entries[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(entries, { level: 6 });
}
