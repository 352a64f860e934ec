import type { PackAliasSource } from '../../db/schema.js';

/** One other id a pack should answer to. */
export interface WantedAlias {
  alias: string;
  nodeId: string;
  source: PackAliasSource;
}

/**
 * The aliases to keep: lower-cased, never a pack's own id (so an alias cannot take an id from a
 * pack that has it), never an alias two packs ask for (neither gets it: the id is ambiguous, and
 * the catalogue order must not decide who answers to it), never a pack's own id repeated.
 */
export function settleAliases(wanted: WantedAlias[], packIds: ReadonlySet<string>): Map<string, WantedAlias> {
  const byAlias = new Map<string, WantedAlias>();
  const contested = new Set<string>();
  for (const item of wanted) {
    const alias = item.alias.toLowerCase();
    if (packIds.has(alias)) continue;
    const first = byAlias.get(alias);
    if (first && first.nodeId !== item.nodeId) contested.add(alias);
    // The Manager's own id outranks the derived repository name when one pack has both.
    else if (!first || (first.source === 'repository' && item.source === 'manager')) {
      byAlias.set(alias, { ...item, alias });
    }
  }
  for (const alias of contested) byAlias.delete(alias);
  return byAlias;
}
