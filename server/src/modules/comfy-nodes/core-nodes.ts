import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findCoreClassesChangedAt, findCoreClassNames } from './resolve-repository.js';

/**
 * Node types that exist only in ComfyUI's frontend (litegraph virtual nodes and notes). They
 * appear in UI-format workflows but are never sent to the server and are defined in no Python
 * pack, so no node map lists them: they are the one list kept in code. Every other core class
 * comes from the database (`core_comfy_nodes`, filled by `registry import-manager-list`).
 */
export const FRONTEND_ONLY_NODE_CLASSES: ReadonlySet<string> = new Set([
  'Note',
  'MarkdownNote',
  'PrimitiveNode',
  'Reroute',
]);

/**
 * How long a process trusts its copy of the core class names. An import in the same process
 * refreshes it at once; an import by another process (the CLI, another instance) shows within
 * this time.
 */
export const CORE_CLASSES_TTL_MS = 60_000;

interface Cached {
  names: Promise<ReadonlySet<string>>;
  changedAt?: Promise<string | null>;
  expiresAt: number;
}

/**
 * What the core class list is and where it came from, so answers can say it: the classes of the
 * `https://github.com/comfyanonymous/ComfyUI` entry of ComfyUI-Manager's node map, as the last
 * import stored them (`manager-node-map`), or, never imported, only the front end's own node types
 * (`frontend-only`). The node map does not say which ComfyUI version it lists, so neither can this.
 */
export interface CoreClassList {
  source: 'manager-node-map' | 'frontend-only';
  classes: number;
  changed_at: string | null;
}

/** One copy per database handle, so separate apps (and tests) never share one. */
const cache = new WeakMap<Kysely<Database>, Cached>();

/** Every class name that ships with ComfyUI (backend and frontend), cached per database for a short while. */
export function coreClassNames(db: Kysely<Database>): Promise<ReadonlySet<string>> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.names;
  const entry: Cached = {
    names: findCoreClassNames(db).then((names) => new Set([...names, ...FRONTEND_ONLY_NODE_CLASSES])),
    expiresAt: Date.now() + CORE_CLASSES_TTL_MS,
  };
  // A failed read is not remembered: the next call tries again.
  entry.names.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  cache.set(db, entry);
  return entry.names;
}

/** Drops the cached core class names of this database, after an import changed them. */
export function forgetCoreClassNames(db: Kysely<Database>): void {
  cache.delete(db);
}

/** The core class list's origin and size (cached with the names). */
export async function coreClassList(db: Kysely<Database>): Promise<CoreClassList> {
  const names = await coreClassNames(db);
  const entry = cache.get(db);
  let changedAt = entry?.changedAt;
  if (!changedAt) {
    changedAt = findCoreClassesChangedAt(db);
    if (entry) entry.changedAt = changedAt;
  }
  const changed_at = await changedAt;
  return {
    source: changed_at === null ? 'frontend-only' : 'manager-node-map',
    classes: names.size,
    changed_at,
  };
}
