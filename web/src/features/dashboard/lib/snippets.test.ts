import { examplePackId, publishCommands, pyprojectSnippet } from './snippets';

describe('first-publish snippets', () => {
  it('fill the publisher id and display name into pyproject.toml', () => {
    expect(pyprojectSnippet({ publisherId: 'acme', displayName: 'ACME "Labs"' })).toBe(
      [
        '[project]',
        'name = "acme-nodes"',
        'version = "1.0.0"',
        'description = "What my nodes do"',
        'license = { text = "MIT" }',
        'dependencies = []',
        '',
        '[project.urls]',
        'Repository = "https://github.com/acme/acme-nodes"',
        '',
        '[tool.comfy]',
        'PublisherId = "acme"',
        'DisplayName = "ACME \\"Labs\\""',
        'Icon = ""',
        '',
      ].join('\n'),
    );
  });

  it('use placeholders before a publisher exists', () => {
    const text = pyprojectSnippet({ publisherId: '', displayName: '' });
    expect(text).toContain('PublisherId = "your-publisher-id"');
    expect(text).toContain('name = "my-nodes"');
    expect(examplePackId('')).toBe('my-nodes');
  });

  it('publish with the token through comfy-cli', () => {
    expect(publishCommands()).toBe(
      'pip install comfy-cli\nENVIRONMENT=dev comfy node publish --token "$COMFY_REGISTRY_TOKEN"',
    );
  });
});
