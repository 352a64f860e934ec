// The one list of the ComfyUI front end's registry calls that the connector sends to the
// configured registry. docs/clients.md shows this list, and a test checks that both agree.

/** Where the front end's registry service sends its calls (its axios base URL). */
export const PUBLIC_REGISTRY = 'https://api.comfy.org';

/**
 * Path prefixes of the registry calls: a path matches a prefix when it is the prefix itself or
 * lies below it. Every other path on the public registry's host (release notes, sign-in, billing,
 * workspaces, partner nodes) is left alone.
 */
export const REGISTRY_PATHS = ['/nodes', '/publishers', '/comfy-nodes', '/bulk/nodes/versions'];

/** Whether a path of the public registry's host is one of the registry calls. */
export function isRegistryPath(pathname) {
  return REGISTRY_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The address on `registry` that replaces `url`, or null when `url` is not a registry call of the
 * public registry. `registry` has no trailing slash; it may carry a path (`https://host/api`).
 */
export function redirectedUrl(url, registry) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== PUBLIC_REGISTRY || !isRegistryPath(parsed.pathname)) return null;
  return `${registry}${parsed.pathname}${parsed.search}`;
}
