/** A GitHub repository named by a pack's repository URL. */
export interface GitHubRepo {
  owner: string;
  name: string;
}

/**
 * The GitHub repository of a URL, or null when it is not on github.com (the server's rule:
 * `https://github.com/o/r`, `.git`, trailing paths, `git@github.com:o/r`).
 */
export function parseGitHubRepo(url: string): GitHubRepo | null {
  const match =
    /^(?:https?:\/\/(?:www\.)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})(?:[/?#].*)?$/i.exec(
      url.trim(),
    );
  if (!match?.[1] || !match[2]) return null;
  const name = match[2].replace(/\.git$/i, '');
  if (name.length === 0 || name === '.' || name === '..') return null;
  return { owner: match[1], name };
}

/** A failed claim, as a translation key in the claim namespace. */
export type ClaimFailure =
  | 'errors.notGitHub'
  | 'errors.signedOut'
  | 'errors.alreadyClaimed'
  | 'errors.notAdmin'
  | 'errors.tokenInvalid'
  | 'errors.repoNotFound'
  | 'errors.banned'
  | 'errors.notMember'
  | 'errors.notFound'
  | 'errors.publisherNotFound'
  | 'errors.rateLimited'
  | 'errors.githubDown'
  | 'errors.githubToken'
  | 'errors.network'
  | 'errors.unknown';

/** Maps the claim endpoint's answers (status and message) onto an explanation. */
export function claimFailure(status: number, message: string): ClaimFailure {
  switch (status) {
    case 0:
      return 'errors.network';
    case 400:
      return message.startsWith('Only packs whose repository is on GitHub') ? 'errors.notGitHub' : 'errors.unknown';
    case 401:
      return 'errors.signedOut';
    case 403:
      if (message.startsWith('This node is already claimed')) return 'errors.alreadyClaimed';
      if (message.includes('does not have admin permission')) return 'errors.notAdmin';
      if (message === 'GitHub token invalid') return 'errors.tokenInvalid';
      if (message.startsWith('Repository ') && message.includes('not found on GitHub')) return 'errors.repoNotFound';
      if (message === 'Node Banned' || message.toLowerCase().includes('banned')) return 'errors.banned';
      return 'errors.notMember';
    case 404:
      return message === 'Publisher not found' ? 'errors.publisherNotFound' : 'errors.notFound';
    case 429:
      return 'errors.rateLimited';
    case 503:
      return 'errors.githubDown';
    default:
      return 'errors.unknown';
  }
}
