import { describe, expect, it } from 'vitest';
import { installCommands, versionInstallCommand } from '../../src/modules/catalogue/install-commands.js';
import { UNCLAIMED_PUBLISHER_ID } from '../../src/modules/catalogue/wire.js';

const repository = 'https://github.com/a/b';

describe('the install command rule', () => {
  it('offers comfy-cli by id and by pinned version for a published pack', () => {
    expect(installCommands({ id: 'pack', repository, publisherId: 'pub', latestVersion: '1.2.0' })).toEqual([
      { kind: 'latest', command: 'comfy node install pack' },
      { kind: 'version', command: 'comfy node install pack@1.2.0' },
    ]);
  });

  it('offers only git clone for a pack without a version, whoever owns it', () => {
    for (const publisherId of [UNCLAIMED_PUBLISHER_ID, 'pub']) {
      expect(installCommands({ id: 'pack', repository, publisherId, latestVersion: undefined })).toEqual([
        { kind: 'git', command: 'git clone https://github.com/a/b' },
      ]);
    }
  });

  it('adds git clone beside comfy-cli for an unclaimed pack that has a version', () => {
    const kinds = installCommands({
      id: 'pack',
      repository,
      publisherId: UNCLAIMED_PUBLISHER_ID,
      latestVersion: '2.0.0',
    }).map((c) => c.kind);
    expect(kinds).toEqual(['latest', 'version', 'git']);
  });

  it('never turns a repository that is not a plain web address into a command', () => {
    for (const bad of [
      '; rm -rf /',
      'https://github.com/a/b; rm -rf ~',
      'https://x.org/$(id)',
      'git@github.com:a/b',
      '',
    ]) {
      expect(installCommands({ id: 'p', repository: bad, publisherId: 'pub', latestVersion: undefined })).toEqual([]);
    }
  });

  it('pins one version', () => {
    expect(versionInstallCommand('pack', '0.3.1')).toBe('comfy node install pack@0.3.1');
  });
});
