import { installCommands, versionInstallCommand } from './install-commands';
import { isUnclaimed, UNCLAIMED_PUBLISHER_ID } from './unclaimed';

const repository = 'https://github.com/a/b';

describe('installCommands', () => {
  it('offers comfy-cli by id and by version for a published pack', () => {
    expect(installCommands({ id: 'pack', repository, publisherId: 'pub', latestVersion: '1.2.0' })).toEqual([
      { kind: 'latest', command: 'comfy node install pack' },
      { kind: 'version', command: 'comfy node install pack@1.2.0' },
    ]);
  });

  it('never offers comfy-cli for a pack without a version, whoever owns it', () => {
    for (const publisherId of [UNCLAIMED_PUBLISHER_ID, 'pub', null]) {
      expect(installCommands({ id: 'pack', repository, publisherId, latestVersion: null })).toEqual([
        { kind: 'git', command: 'git clone https://github.com/a/b' },
      ]);
    }
  });

  it('adds git clone beside comfy-cli for an unclaimed pack that has a version', () => {
    expect(
      installCommands({ id: 'pack', repository, publisherId: UNCLAIMED_PUBLISHER_ID, latestVersion: '2.0.0' }).map(
        (command) => command.kind,
      ),
    ).toEqual(['latest', 'version', 'git']);
  });

  it('never turns a repository that is not a plain web address into a command', () => {
    for (const bad of ['; rm -rf /', 'https://github.com/a/b; rm -rf ~', 'git@github.com:a/b.git', '']) {
      expect(installCommands({ id: 'p', repository: bad, publisherId: undefined, latestVersion: undefined })).toEqual(
        [],
      );
    }
  });

  it('pins one version', () => {
    expect(versionInstallCommand('pack', '0.3.1')).toBe('comfy node install pack@0.3.1');
  });
});

describe('isUnclaimed', () => {
  it('is true for no publisher and for the placeholder publisher only', () => {
    expect([undefined, null, '', UNCLAIMED_PUBLISHER_ID, 'acme'].map(isUnclaimed)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
