import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/** Deeper than any request the API or the identity routes take; deep enough to be obviously hostile. */
export const MAX_BODY_DEPTH = 32;

/**
 * Answers 400 when a JSON body nests arrays or objects deeper than `MAX_BODY_DEPTH`. Recursive
 * code further on (schema validation, re-serialising for the identity library) would otherwise
 * exhaust the stack on a small body of a few thousand brackets and fail with a 500.
 */
export function installDepthGuard(app: FastifyInstance): void {
  app.addHook('preValidation', rejectDeepBodies);
}

async function rejectDeepBodies(request: FastifyRequest): Promise<void> {
  if (request.body !== null && typeof request.body === 'object' && exceedsDepth(request.body, MAX_BODY_DEPTH)) {
    throw badRequest('Request body is nested too deeply', `at most ${MAX_BODY_DEPTH} levels of objects and arrays`);
  }
}

/** Whether a parsed JSON value nests deeper than `limit`; never descends more than `limit` levels. */
export function exceedsDepth(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  // Only parsed JSON: streamed and binary bodies are not walked.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => exceedsDepth(child, limit - 1));
}
