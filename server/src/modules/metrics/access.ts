import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks an `Authorization` header against the metrics token. Both sides are hashed first so
 * the comparison takes the same time whatever the length of what was sent.
 */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
