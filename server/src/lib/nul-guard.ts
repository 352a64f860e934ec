import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Answers 400 `{message, error}` before any handler when the path, the query or a JSON body holds
 * a NUL character (U+0000): PostgreSQL cannot store or even compare such text and would fail the
 * request with a 500, while SQLite would accept it. Registered once for the whole API.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', rejectNulCharacters);
}

async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  // The raw URL rather than the parsed params and query: one scan, and it covers both.
  const where = nulInUrl(request.url);
  if (where) throw badRequest('Text must not contain NUL characters', `found in ${where}`);
  if (request.body !== undefined && containsNul(request.body, 0)) {
    throw badRequest('Text must not contain NUL characters', 'found in body');
  }
}

/** `params` when the path holds a NUL (encoded or not), `query` when the query string does. */
export function nulInUrl(url: string): 'params' | 'query' | undefined {
  const encoded = url.indexOf('%00');
  const raw = url.indexOf('\u0000');
  if (encoded < 0 && raw < 0) return undefined;
  const at = encoded < 0 ? raw : raw < 0 ? encoded : Math.min(encoded, raw);
  const queryStart = url.indexOf('?');
  return queryStart >= 0 && at > queryStart ? 'query' : 'params';
}

/** Whether a parsed JSON value holds a NUL in any string, key included. Binary bodies are not text. */
export function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are bounded by BODY_LIMIT_BYTES; the depth cap only guards against pathological nesting.
  if (!value || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}
