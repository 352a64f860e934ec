import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findClassPatterns } from './repository.js';

/** A pack's `nodename_pattern`, compiled. */
export interface ClassPattern {
  nodeId: string;
  pattern: RegExp;
}

/** How long a process trusts its copy of the patterns (an import elsewhere shows within this time). */
const TTL_MS = 60_000;

const cache = new WeakMap<Kysely<Database>, { patterns: Promise<ClassPattern[]>; expiresAt: number }>();

/**
 * The imported class-name patterns, compiled once per database handle for a short while. A
 * pattern JavaScript cannot compile is left out (the import only stores ones it can).
 */
export function classPatterns(db: Kysely<Database>): Promise<ClassPattern[]> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.patterns;
  const patterns = findClassPatterns(db).then((rows) =>
    rows.flatMap((row) => {
      try {
        return [{ nodeId: row.node_id, pattern: new RegExp(row.pattern, 'u') }];
      } catch {
        return [];
      }
    }),
  );
  const entry = { patterns, expiresAt: Date.now() + TTL_MS };
  patterns.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  cache.set(db, entry);
  return patterns;
}

/** Drops the cached patterns of this database, after an import changed them. */
export function forgetClassPatterns(db: Kysely<Database>): void {
  cache.delete(db);
}
