import type { NodeStatus } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { pageNumber, pageSize } from '../../lib/paging.js';
import { parseSort } from './list-order.js';
import type { NodeFilter, NodeOrderTerm } from './repository.js';
import type { ListNodesQueryType } from './schemas.js';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;

/** A catalogue page request with every default applied. */
export interface NodeListRequest {
  page: number;
  limit: number;
  filter: NodeFilter;
  order: NodeOrderTerm[];
  /** Everything that shapes the answer, in a fixed order: the cache key. */
  key: string;
  /** What shapes the listing before it is cut into pages (filter and order): its snapshot key. */
  listingKey: string;
}

/**
 * Normalises `GET /nodes` parameters: applies defaults, clamps `page` and `limit` (lib/paging.ts), merges the
 * `x` and `x[]` spellings, and drops what does not change the answer (`comfyui_version`,
 * `form_factor`, `latest`), so ComfyUI-Manager's pages share cache entries across installs.
 * `includeBanned` must already be reduced to "admin asked for it".
 */
export function normalizeListQuery(query: ListNodesQueryType, includeBanned: boolean): NodeListRequest {
  const page = pageNumber(query.page);
  const limit = pageSize(query.limit, DEFAULT_LIMIT, MAX_LIMIT);
  const order = parseSort([...(query.sort ?? []), ...(query['sort[]'] ?? [])]);
  const ids = [...(query.node_id ?? []), ...(query['node_id[]'] ?? [])];
  const normalizedIds = ids.length > 0 ? [...new Set(ids.map((id) => id.toLowerCase()))].sort() : undefined;
  const statuses: NodeStatus[] = includeBanned ? ['NodeStatusActive', 'NodeStatusBanned'] : ['NodeStatusActive'];
  const filter: NodeFilter = {
    statuses,
    normalizedIds,
    supportedOs: sortedOrUndefined(query.supported_os),
    supportedAccelerators: sortedOrUndefined(query.supported_accelerator),
    changedAfter: query.timestamp === undefined ? undefined : isoTimestamp(query.timestamp),
  };
  const listingKey = JSON.stringify([
    order.key,
    includeBanned,
    normalizedIds,
    filter.supportedOs,
    filter.supportedAccelerators,
    filter.changedAfter,
  ]);
  const key = JSON.stringify([page, limit, listingKey]);
  return { page, limit, filter, order: order.terms, key, listingKey };
}

function isoTimestamp(text: string): string {
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) throw badRequest(`Invalid timestamp: ${text}`, 'expected RFC 3339');
  return time.toISOString();
}

function sortedOrUndefined(values: string[] | undefined): string[] | undefined {
  return values && values.length > 0 ? [...new Set(values.map((v) => v.toLowerCase()))].sort() : undefined;
}
