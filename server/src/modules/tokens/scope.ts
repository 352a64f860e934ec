import { parseJsonArray } from '../../db/values.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import type { TokenRow } from './repository.js';

/** Longest lifetime a token may be given, in days (a year, as the web app's longest choice). */
export const MAX_TOKEN_DAYS = 365;

/** Most packs one token may be limited to. */
export const MAX_TOKEN_PACKS = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a token made at `now` and valid for `days` stops working. */
export function expiryAfterDays(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** True once the token's expiry has passed; tokens without one never expire. */
export function isExpired(row: Pick<TokenRow, 'expires_at'>, now: Date): boolean {
  return row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime();
}

/** The packs a token is limited to, or null when it may publish every pack of its publisher. */
export function tokenPacks(row: Pick<TokenRow, 'node_ids'>): string[] | null {
  return row.node_ids === null ? null : parseJsonArray(row.node_ids);
}

/** Whether the token may publish `nodeId` (pack ids compare in any letter case, as publish does). */
export function allowsPack(row: Pick<TokenRow, 'node_ids'>, nodeId: string): boolean {
  const packs = tokenPacks(row);
  if (packs === null) return true;
  const wanted = normalizeNodeId(nodeId);
  return packs.some((id) => normalizeNodeId(id) === wanted);
}
