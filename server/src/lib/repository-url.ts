/**
 * A repository URL reduced for lookups: lower-case, no scheme, no `www.`, no trailing `/` or
 * `.git` (`https://www.GitHub.com/a/b.git/` → `github.com/a/b`). Misspelt schemes (`htps://`) are
 * dropped too, since the catalogue contains them.
 */
export function normalizeRepositoryUrl(url: string): string {
  let value = url.trim().toLowerCase();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.replace(/^www\./, '');
  for (;;) {
    const next = value.replace(/\/+$/, '').replace(/\.git$/, '');
    if (next === value) return value;
    value = next;
  }
}
