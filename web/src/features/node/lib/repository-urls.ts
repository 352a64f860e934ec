/** Forges whose file URLs are known: where a file's raw bytes and its page are. */
const FORGES: {
  host: string;
  raw: (repo: string, ref: string) => string;
  page: (repo: string, ref: string) => string;
}[] = [
  {
    host: 'github.com',
    raw: (repo, ref) => `https://raw.githubusercontent.com/${repo}/${ref}/`,
    page: (repo, ref) => `https://github.com/${repo}/blob/${ref}/`,
  },
  {
    host: 'gitlab.com',
    raw: (repo, ref) => `https://gitlab.com/${repo}/-/raw/${ref}/`,
    page: (repo, ref) => `https://gitlab.com/${repo}/-/blob/${ref}/`,
  },
];

/** `owner/name` of a repository URL on a known forge, and the forge. */
function parseRepository(repository: string) {
  let url: URL;
  try {
    url = new URL(repository.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const forge = FORGES.find(
    (f) => url.hostname.toLowerCase() === f.host || url.hostname.toLowerCase() === `www.${f.host}`,
  );
  const [owner, name] = url.pathname.split('/').filter(Boolean);
  if (!forge || !owner || !name) return null;
  return { forge, repo: `${owner}/${name.replace(/\.git$/i, '')}` };
}

/**
 * Resolves the relative URLs of a README against the pack's repository, as the forge shows them:
 * images from the raw file host, links to the file's page. `ref` is the branch, tag or commit the
 * README belongs to; `HEAD` (the default branch) when the version does not say. A repository on
 * an unknown host gives null: relative URLs then cannot be resolved and are dropped.
 */
export function repositoryUrlResolver(
  repository: string,
  ref = 'HEAD',
): ((url: string, kind: 'image' | 'link') => string | null) | null {
  const parsed = parseRepository(repository);
  if (!parsed) return null;
  const { forge, repo } = parsed;
  const safeRef = encodeURIComponent(ref);
  return (url, kind) => {
    // Paths are relative to the repository root (where the README sits); `..` cannot climb above it.
    const split = url.search(/[?#]/);
    const path = split === -1 ? url : url.slice(0, split);
    const rest = split === -1 ? '' : url.slice(split);
    let normalised: string;
    try {
      normalised = new URL(path, 'https://root.invalid/').pathname.slice(1);
    } catch {
      return null;
    }
    const base = kind === 'image' ? forge.raw(repo, safeRef) : forge.page(repo, safeRef);
    return `${base}${normalised}${kind === 'image' ? '' : rest}`;
  };
}
