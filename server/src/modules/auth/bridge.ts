import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, type RegistryAuth } from './better-auth.js';
import { fromBetterAuthError } from './map-errors.js';

/** What to hand to better-auth instead of the incoming request's own path or body. */
export interface ForwardOverrides {
  /** Path (and query) under the API root, e.g. `/api/auth/sign-in/social`. */
  url?: string;
  /** JSON body to send (already validated and normalised). */
  body?: unknown;
}

/** better-auth's answer, read once. */
export interface ForwardedResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined for empty and non-JSON bodies. */
  json: unknown;
  text: string;
}

// Hop-by-hop and length headers are recomputed by each side.
const DROPPED_REQUEST_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', CLIENT_IP_HEADER]);
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie']);

/**
 * Runs a Fastify request through better-auth as a web `Request`. The client address is the one
 * Fastify resolved (honouring TRUST_PROXY), never a header the client sent.
 */
export async function forwardToAuth(
  auth: RegistryAuth,
  apiUrl: string,
  request: FastifyRequest,
  overrides: ForwardOverrides = {},
): Promise<ForwardedResponse> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body = overrides.body ?? request.body;
  const hasBody = body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  const url = new URL(overrides.url ?? request.url, `${apiUrl.replace(/\/+$/, '')}/`);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
      redirect: 'manual',
    }),
  );
  const text = await response.text();
  let json: unknown;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Copies better-auth's headers (every Set-Cookie included) onto the reply. */
export function copyResponseHeaders(from: ForwardedResponse, reply: FastifyReply): void {
  for (const [name, value] of from.headers.entries()) {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  }
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Answers with better-auth's response; an error is answered in the registry's identity error
 * format instead (`{code, message, rule?}`), keeping any cookies it set.
 */
export function sendForwarded(from: ForwardedResponse, reply: FastifyReply, path: string): FastifyReply {
  copyResponseHeaders(from, reply);
  if (from.status >= 400) throw fromBetterAuthError(path, from.status, from.json, from.headers);
  reply.code(from.status);
  if (from.json !== undefined) return reply.type('application/json').send(from.text);
  return reply.send(from.text);
}

/** The better-auth path of a URL under the mount point, e.g. `/sign-in/email`. */
export function authPath(url: string, basePath: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
}
