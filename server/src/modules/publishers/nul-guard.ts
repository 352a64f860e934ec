import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';

/**
 * A `preValidation` hook that answers 400 when any path parameter, query value or JSON string
 * holds a NUL character: PostgreSQL cannot store or even compare such text and would fail the
 * request with a 500, while SQLite would accept it.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (containsNul(value, 0)) throw badRequest('Text must not contain NUL characters', `found in ${where}`);
  }
}

function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are bounded by BODY_LIMIT_BYTES; the depth cap only guards against pathological nesting.
  if (!value || typeof value !== 'object' || depth > 32) return false;
  const entries = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return entries.some((v) => containsNul(v, depth + 1));
}
