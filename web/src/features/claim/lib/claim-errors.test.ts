import { claimFailure, parseGitHubRepo } from './claim-errors';

describe('parseGitHubRepo', () => {
  it('reads the forms the server accepts', () => {
    expect(parseGitHubRepo('https://github.com/acme/hello')).toEqual({ owner: 'acme', name: 'hello' });
    expect(parseGitHubRepo('https://github.com/acme/hello.git')).toEqual({ owner: 'acme', name: 'hello' });
    expect(parseGitHubRepo('https://www.github.com/acme/hello/tree/main')).toEqual({ owner: 'acme', name: 'hello' });
    expect(parseGitHubRepo('git@github.com:acme/hello.git')).toEqual({ owner: 'acme', name: 'hello' });
  });
  it('refuses other hosts and empty links', () => {
    expect(parseGitHubRepo('https://gitlab.com/acme/hello')).toBeNull();
    expect(parseGitHubRepo('')).toBeNull();
    expect(parseGitHubRepo('https://github.com/acme')).toBeNull();
  });
});

describe('claimFailure', () => {
  it('explains each answer of the claim endpoint', () => {
    const cases: [number, string, string][] = [
      [0, 'network error', 'errors.network'],
      [
        400,
        'Only packs whose repository is on GitHub can be claimed here; ask a registry admin to transfer it',
        'errors.notGitHub',
      ],
      [401, 'Unauthorized', 'errors.signedOut'],
      [403, 'This node is already claimed by a publisher', 'errors.alreadyClaimed'],
      [
        403,
        'GitHub user octo does not have admin permission on acme/hello; only repository administrators can claim this node',
        'errors.notAdmin',
      ],
      [403, 'GitHub token invalid', 'errors.tokenInvalid'],
      [403, 'Repository acme/hello not found on GitHub or not accessible with this token', 'errors.repoNotFound'],
      [403, 'Node Banned', 'errors.banned'],
      [403, 'Permission denied', 'errors.notMember'],
      [404, 'Node not found', 'errors.notFound'],
      [404, 'Publisher not found', 'errors.publisherNotFound'],
      [429, 'GitHub rate limit reached; try again later', 'errors.rateLimited'],
      [503, 'GitHub is unavailable; try again later', 'errors.githubDown'],
      [500, 'boom', 'errors.unknown'],
    ];
    for (const [status, message, key] of cases) expect(claimFailure(status, message), message).toBe(key);
  });
});
