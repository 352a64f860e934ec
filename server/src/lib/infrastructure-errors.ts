/**
 * Failures of what the registry runs on rather than of the request: the database restarting or
 * locked by another process, the disk full, the blob store unreachable. They pass by themselves,
 * so the answer is 503 with `Retry-After` (clients and proxies wait and try again), not a 500.
 */
export interface Unavailable {
  message: string;
  detail: string;
  retryAfterSeconds: number;
}

/** Network errors on the way to PostgreSQL or an S3 store. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs meaning "not now": class 08 (connection exceptions), the server shutting
 * down or starting (57P01-57P03), too many connections (53300).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** pg's own messages for a connection that broke or never came. */
const POSTGRES_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

/** What to answer for `error`, or null when it is not an infrastructure failure. */
export function unavailableReason(error: unknown): Unavailable | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return null;
    const code = String((e as { code?: unknown }).code ?? '');
    const message = e instanceof Error ? e.message : '';
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY_')) {
      return {
        message: 'Database busy',
        detail: 'another process holds the database; try again shortly',
        retryAfterSeconds: 2,
      };
    }
    if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') {
      return {
        message: 'Storage full',
        detail: 'the registry has no room left; try again later',
        retryAfterSeconds: 60,
      };
    }
    if (POSTGRES_UNAVAILABLE.test(code) || POSTGRES_CONNECTION_MESSAGES.test(message)) {
      return databaseAway;
    }
    if (NETWORK_CODES.has(code)) {
      return {
        message: 'Service unavailable',
        detail: 'a backing service is unreachable; try again shortly',
        retryAfterSeconds: 5,
      };
    }
  }
  return null;
}

const databaseAway: Unavailable = {
  message: 'Database unavailable',
  detail: 'the database is restarting or unreachable; try again shortly',
  retryAfterSeconds: 5,
};
