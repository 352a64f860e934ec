/**
 * The two questions a claim asks GitHub: who owns this token, and may that account administer
 * this repository. Behind an interface so the context can hold the real client and tests can
 * point it at a local fake server through GITHUB_API_URL.
 */

/** A repository's permission levels, as GitHub names them. */
export type GitHubPermission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** Why a GitHub call gave no answer. */
export type GitHubFailure = 'unauthorized' | 'not-found' | 'rate-limited' | 'unavailable';

export class GitHubError extends Error {
  constructor(
    readonly failure: GitHubFailure,
    message: string,
    /** For `rate-limited`: when GitHub says to come back. */
    readonly retryAfterSeconds = 60,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

/** A repository on GitHub. */
export interface GitHubRepository {
  owner: string;
  name: string;
}

export interface GitHubApi {
  /** The login of the account the token belongs to. */
  authenticatedUser(token: string): Promise<{ login: string }>;
  /** The account's permission on the repository; GitHubError `not-found` when the token cannot see it. */
  repositoryPermission(token: string, repository: GitHubRepository, login: string): Promise<GitHubPermission>;
}

const PERMISSIONS: GitHubPermission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

/** The GitHub REST API over HTTPS (or the configured base URL). */
export class HttpGitHubApi implements GitHubApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async authenticatedUser(token: string): Promise<{ login: string }> {
    const body = await this.#get(token, '/user');
    const login = isRecord(body) && typeof body.login === 'string' ? body.login : '';
    if (!login) throw new GitHubError('unavailable', 'GitHub answered /user without a login');
    return { login };
  }

  async repositoryPermission(token: string, repository: GitHubRepository, login: string): Promise<GitHubPermission> {
    const path = `/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}`;
    const repo = await this.#get(token, path);
    const permissions = isRecord(repo) && isRecord(repo.permissions) ? repo.permissions : null;
    if (permissions) {
      if (permissions.admin === true) return 'admin';
      if (permissions.maintain === true) return 'maintain';
      if (permissions.push === true) return 'write';
      if (permissions.triage === true) return 'triage';
      return permissions.pull === true ? 'read' : 'none';
    }
    // Some tokens see the repository without its `permissions` block; ask the collaborator API.
    try {
      const answer = await this.#get(token, `${path}/collaborators/${encodeURIComponent(login)}/permission`);
      const level = isRecord(answer) ? answer.permission : undefined;
      return PERMISSIONS.find((p) => p === level) ?? 'none';
    } catch (error) {
      if (error instanceof GitHubError && error.failure === 'not-found') return 'none';
      throw error;
    }
  }

  async #get(token: string, path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'user-agent': 'comfy-registry',
          'x-github-api-version': '2022-11-28',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GitHubError('unavailable', `GitHub unreachable: ${error instanceof Error ? error.message : 'error'}`);
    }
    if (response.ok) {
      try {
        return await response.json();
      } catch {
        throw new GitHubError('unavailable', `GitHub sent a malformed answer for ${path}`);
      }
    }
    await response.body?.cancel();
    throw failureOf(response, path);
  }
}

/** Maps GitHub's status codes and rate-limit headers onto the failures a claim distinguishes. */
function failureOf(response: Response, path: string): GitHubError {
  const { status, headers } = response;
  const retryAfter = Number(headers.get('retry-after'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  const limited =
    status === 429 || (status === 403 && (headers.get('x-ratelimit-remaining') === '0' || retryAfter > 0));
  if (limited) {
    const seconds = retryAfter > 0 ? retryAfter : reset > 0 ? reset - Math.floor(Date.now() / 1000) : 60;
    return new GitHubError('rate-limited', 'GitHub rate limit reached', Math.max(1, seconds));
  }
  if (status === 401) return new GitHubError('unauthorized', 'GitHub rejected the token');
  // 403 without rate limiting: the token may not look at this resource (SSO, scopes).
  if (status === 404 || status === 403) return new GitHubError('not-found', `GitHub: ${path} not accessible`);
  return new GitHubError('unavailable', `GitHub answered ${status} for ${path}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The GitHub repository a pack's repository URL names, or null when it is not on github.com.
 * Accepts `https://github.com/o/r`, `.git`, trailing paths (`/tree/main`) and `git@github.com:o/r`.
 */
export function parseGitHubRepository(url: string): GitHubRepository | null {
  const match =
    /^(?:https?:\/\/(?:www\.)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})(?:[/?#].*)?$/i.exec(
      url.trim(),
    );
  if (!match?.[1] || !match[2]) return null;
  const name = match[2].replace(/\.git$/i, '');
  if (name.length === 0 || name === '.' || name === '..') return null;
  return { owner: match[1], name };
}
