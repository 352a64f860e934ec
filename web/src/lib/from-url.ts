/** Paths whose pages must never be a post-sign-in destination (they would loop or sign out). */
const unsafePrefixes = ['/auth/login', '/auth/signup', '/auth/logout'];

/**
 * The `fromUrl` query value to return to after signing in: the first value, accepted only when
 * it is a same-origin path (starts with one "/", no scheme, no "//" or "/\" host trick).
 */
export function parseFromUrl(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.getAll('fromUrl')[0];
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters could smuggle a different target past the checks above.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  try {
    const resolved = new URL(value, 'http://registry.invalid');
    if (resolved.origin !== 'http://registry.invalid') return null;
    if (unsafePrefixes.some((p) => resolved.pathname === p || resolved.pathname.startsWith(`${p}/`))) return null;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return null;
  }
}

/** `fromUrl=<path, URL-encoded>` for sending someone to sign in and back to `path`. */
export function fromUrlQuery(path: string): string {
  return `fromUrl=${encodeURIComponent(path)}`;
}

/** Where to go after signing in: the accepted `fromUrl`, else the given default. */
export function afterSignIn(search: string, fallback = '/nodes'): string {
  return parseFromUrl(search) ?? fallback;
}
