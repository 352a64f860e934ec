import { NODE_ID_MAX_LENGTH, nodeIdProblem } from '../catalogue/node-id.js';

/** Whether `id` is a node id the registry accepts as it is (the packs module owns the rules). */
export function isValidNodeId(id: string): boolean {
  return nodeIdProblem(id) === null;
}

/**
 * Turns a catalogue id into one the registry accepts, or null when nothing usable is left.
 * Runs of other characters (spaces, apostrophes) become one `-`, so `SATA UtilityNode` reads as
 * `SATA-UtilityNode`; leading and trailing `._-` are trimmed; overlong ids are cut at 100.
 */
export function repairNodeId(raw: string): string | null {
  if (isValidNodeId(raw)) return raw;
  let id = raw
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');
  id = trimSeparators(id);
  if (id.length > NODE_ID_MAX_LENGTH) id = trimSeparators(id.slice(0, NODE_ID_MAX_LENGTH));
  return isValidNodeId(id) ? id : null;
}

/**
 * The last path segment of a repository URL (`https://github.com/cubiq/ComfyUI_IPAdapter_plus.git`
 * → `ComfyUI_IPAdapter_plus`), without query, fragment or `.git`. Empty when there is none.
 */
export function lastPathSegment(url: string): string {
  const path = url
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const withoutGit = segment.replace(/\.git$/i, '');
  try {
    return decodeURIComponent(withoutGit);
  } catch {
    return withoutGit;
  }
}

function trimSeparators(id: string): string {
  return id.replace(/^[._-]+/, '').replace(/[._-]+$/, '');
}
