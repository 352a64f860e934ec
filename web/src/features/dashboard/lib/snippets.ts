import { publishCommand } from '../../../lib/catalogue/publish-command';

/** What the first-publish walkthrough fills into its snippets. */
export interface SnippetInput {
  /** The publisher id (`[tool.comfy] PublisherId`); empty until a publisher exists. */
  publisherId: string;
  /** The publisher's display name (`[tool.comfy] DisplayName` default). */
  displayName: string;
}

const quoted = (value: string) => JSON.stringify(value);

/** A pack id suggestion: the publisher id plus `-nodes`, or a placeholder. */
export function examplePackId(publisherId: string): string {
  return publisherId ? `${publisherId}-nodes` : 'my-nodes';
}

/**
 * The pyproject.toml `comfy node publish` reads: `[project]` name, version, description, license,
 * dependencies and repository URL, and `[tool.comfy]` PublisherId, DisplayName and Icon.
 */
export function pyprojectSnippet({ publisherId, displayName }: SnippetInput): string {
  const packId = examplePackId(publisherId);
  return [
    '[project]',
    `name = ${quoted(packId)}`,
    'version = "1.0.0"',
    'description = "What my nodes do"',
    'license = { text = "MIT" }',
    'dependencies = []',
    '',
    '[project.urls]',
    `Repository = ${quoted(`https://github.com/${publisherId || 'me'}/${packId}`)}`,
    '',
    '[tool.comfy]',
    `PublisherId = ${quoted(publisherId || 'your-publisher-id')}`,
    `DisplayName = ${quoted(displayName || packId)}`,
    'Icon = ""',
    '',
  ].join('\n');
}

/** The commands that install comfy-cli and publish the pack in the current folder to this registry. */
export function publishCommands(): string {
  return ['pip install comfy-cli', publishCommand('"$COMFY_REGISTRY_TOKEN"')].join('\n');
}
