import { type Expression, sql } from 'kysely';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_SEARCH_RANKING } from '../catalogue/serialize.js';
import type { NodeOrderTerm } from './repository.js';

interface SortKey {
  expression: Expression<unknown>;
  /** Direction of a bare name: most first for counts and dates, A→Z for names, best rank first. */
  natural: 'asc' | 'desc';
}

// Must stay identical to the expression of the order index (migrations 0005, 0006) so it is used.
const ranking = sql`coalesce(search_ranking, ${sql.lit(DEFAULT_SEARCH_RANKING)})`;

const SORT_KEYS: Record<string, SortKey> = {
  ranking: { expression: ranking, natural: 'asc' },
  downloads: { expression: sql.ref('downloads'), natural: 'desc' },
  stars: { expression: sql.ref('github_stars'), natural: 'desc' },
  newest: { expression: sql.ref('created_at'), natural: 'desc' },
  updated: { expression: sql.ref('updated_at'), natural: 'desc' },
  name: { expression: sql`lower(name)`, natural: 'asc' },
  // A correlated lookup rather than a join, so every other term keeps its bare column names.
  publisher: {
    expression: sql`(select lower(p.name) from publishers p where p.id = nodes.publisher_id)`,
    natural: 'asc',
  },
  // The public registry's column: the publisher's id, not its display name.
  publisher_id: { expression: sql.ref('publisher_id'), natural: 'asc' },
  rating: {
    expression: sql`case when total_review > 0 then cast(total_star as real) / total_review else 0 end`,
    natural: 'desc',
  },
  id: { expression: sql.ref('id'), natural: 'asc' },
};

/** Public-registry column names (the `sort[]=column;desc` form) mapped onto our sort keys. */
const ALIASES: Record<string, string> = {
  search_ranking: 'ranking',
  total_install: 'downloads',
  github_stars: 'stars',
  created_at: 'newest',
  create_time: 'newest',
  updated_at: 'updated',
  update_time: 'updated',
  // The ComfyUI front end's browse menu sends these two.
  last_updated: 'updated',
  publisher_name: 'publisher',
};

/** Every accepted sort name, for documentation and error messages. */
export const SORT_NAMES = [...Object.keys(SORT_KEYS), ...Object.keys(ALIASES)];

/**
 * Downloads as they stood at the start of the current UTC day: the live counter minus the day's
 * counted installs (both move in one transaction), which `orderedNodeIds` joins in as
 * `todays_installs`.
 */
const downloadsAtStartOfDay = sql`downloads - coalesce(todays_installs.installs, 0)`;

/**
 * The default catalogue order: admin ranking (unset = 5), then popularity, then age, then id.
 *
 * Popularity is the download count at the start of the current UTC day, not the live one, so
 * installs never move a pack while ComfyUI-Manager walks the catalogue page by page (about 100 s
 * for the real one): a walk sees every pack exactly once. A pack published during a walk has no
 * downloads from before today and the latest creation time, so it joins the end of the unranked,
 * never-downloaded packs instead of pushing the rest along. The order is read from the database
 * alone, so every instance answers the same one. It changes at UTC midnight (yesterday's
 * installs count from then on), when an administrator re-ranks a pack, and when a pack leaves
 * the listing.
 */
export function defaultOrder(): NodeOrderTerm[] {
  return [
    { expression: ranking, direction: 'asc' },
    { expression: downloadsAtStartOfDay, direction: 'desc' },
    { expression: sql.ref('created_at'), direction: 'asc' },
    { expression: sql.ref('id'), direction: 'asc' },
  ];
}

/** Orders made of the default terms alone (no `sort` given). */
const defaultOnly = new WeakSet<NodeOrderTerm[]>();

/**
 * Whether a listing uses the default order alone: it depends on the catalogue and the UTC day
 * only, so its snapshot need not be re-read as it ages.
 */
export function isDefaultOrder(order: NodeOrderTerm[]): boolean {
  return defaultOnly.has(order);
}

export interface ParsedOrder {
  terms: NodeOrderTerm[];
  /** Canonical text of the requested order, for cache keys. */
  key: string;
}

/**
 * Turns `sort` values (`downloads`, `name;asc`, `github_stars;desc`, ...) into ORDER BY terms. The
 * default order always follows as a tie-break, so every order is total and pages never overlap.
 */
export function parseSort(values: string[]): ParsedOrder {
  const terms: NodeOrderTerm[] = [];
  const keyParts: string[] = [];
  for (const value of values) {
    const [rawName = '', rawDirection, ...rest] = value.trim().split(';');
    const name = rawName.trim().toLowerCase();
    const canonical = ALIASES[name] ?? name;
    const sortKey = SORT_KEYS[canonical];
    const direction = rawDirection?.trim().toLowerCase() || undefined;
    if (!sortKey || rest.length > 0 || (direction !== undefined && direction !== 'asc' && direction !== 'desc')) {
      throw badRequest(
        `Invalid sort: ${value}`,
        `use one of ${SORT_NAMES.join(', ')}, optionally followed by ;asc or ;desc`,
      );
    }
    const chosen = direction ?? sortKey.natural;
    terms.push({ expression: sortKey.expression, direction: chosen });
    keyParts.push(`${canonical}:${chosen}`);
  }
  const all = [...terms, ...defaultOrder()];
  if (terms.length === 0) defaultOnly.add(all);
  return { terms: all, key: keyParts.join(',') };
}
