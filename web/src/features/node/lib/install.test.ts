import { installCommands, UNCLAIMED_PUBLISHER_ID } from './install';

describe('installCommands', () => {
  it('offers comfy-cli by id and by version for a published pack', () => {
    expect(
      installCommands({ id: 'pack', repository: 'https://github.com/a/b', publisherId: 'pub', latestVersion: '1.2.0' }),
    ).toEqual([
      { kind: 'latest', command: 'comfy node install pack' },
      { kind: 'version', command: 'comfy node install pack@1.2.0' },
    ]);
  });

  it('offers git clone for unclaimed packs and packs without versions', () => {
    expect(
      installCommands({
        id: 'pack',
        repository: 'https://github.com/a/b',
        publisherId: UNCLAIMED_PUBLISHER_ID,
        latestVersion: undefined,
      }),
    ).toEqual([{ kind: 'git', command: 'git clone https://github.com/a/b' }]);
  });

  it('never turns a repository that is not a web address into a command', () => {
    expect(
      installCommands({ id: 'p', repository: '; rm -rf /', publisherId: undefined, latestVersion: undefined }),
    ).toEqual([]);
  });
});
