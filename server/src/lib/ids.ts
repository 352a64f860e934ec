import { randomUUID } from 'node:crypto';

/** A new random identifier for rows that have no natural key. */
export function newId(): string {
  return randomUUID();
}

/** RFC 4122 UUID shape, used to reject malformed ids before they reach the database. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
