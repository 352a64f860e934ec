import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/**
 * POST routes that only read: they take their question as a JSON body because it is too long
 * for a URL. The ComfyUI front end calls the first from its own origin.
 */
const READ_ONLY_POSTS: ReadonlySet<string> = new Set(['/bulk/nodes/versions', '/comfy-nodes/resolve']);

/** Request headers an anonymous page on any origin may send (none carries an identity). */
const PUBLIC_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-language',
  'content-type',
  'cache-control',
  'pragma',
  'expires',
  'if-none-match',
  'if-modified-since',
  'x-request-id',
];
const PUBLIC_HEADER_SET: ReadonlySet<string> = new Set(PUBLIC_REQUEST_HEADERS);

const EXPOSED_HEADERS = ['etag', 'location', 'retry-after', 'x-request-id'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Routes with their own origin check (the sign-in library's trusted origins). */
const OWN_ORIGIN_CHECK_PREFIXES = ['/api/auth/', '/auth/'];

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/** The method the browser will use: the announced one for a preflight. */
function intendedMethod(request: FastifyRequest): string {
  if (request.method !== 'OPTIONS') return request.method;
  const announced = request.headers['access-control-request-method'];
  return typeof announced === 'string' ? announced.toUpperCase() : 'OPTIONS';
}

/** A request (or the one a preflight announces) that reads public data. */
function isPublicRead(request: FastifyRequest): boolean {
  const method = intendedMethod(request);
  return method === 'GET' || method === 'HEAD' || (method === 'POST' && READ_ONLY_POSTS.has(pathOf(request)));
}

/** Whether the request carries, or the preflight announces, an identity (token or cookie). */
function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined || request.headers.cookie !== undefined) return true;
  if (request.method !== 'OPTIONS') return false;
  const announced = request.headers['access-control-request-headers'];
  if (typeof announced !== 'string') return false;
  return announced
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .some((name) => name !== '' && !PUBLIC_HEADER_SET.has(name));
}

/**
 * Per-request CORS answers. The configured origins (the web app's) may do anything, with
 * credentials. Any other origin, including `null`, may read public data anonymously: the ComfyUI
 * front end calls the registry from wherever ComfyUI runs. It gets `Access-Control-Allow-Origin: *`
 * without credentials, so a browser never attaches cookies to such a read, and no CORS headers at
 * all for anything else (writes, or requests with a token), so the browser refuses them. The
 * origin is never echoed as `null`.
 */
export function corsDelegator(allowedOrigins: ReadonlySet<string>) {
  return (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void): void => {
    callback(null, corsOptionsFor(request, allowedOrigins));
  };
}

function corsOptionsFor(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): FastifyCorsOptions {
  const origin = request.headers.origin;
  if (origin === undefined) return { origin: false };
  if (allowedOrigins.has(origin)) {
    return {
      origin,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    };
  }
  if (isPublicRead(request) && !carriesCredentials(request)) {
    return {
      origin: '*',
      credentials: false,
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: PUBLIC_REQUEST_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    };
  }
  return { origin: false };
}

/**
 * Refuses changes requested from a page on a foreign origin before they run. Browsers send some
 * writes without a preflight (form posts, `no-cors` fetches), so the missing CORS headers alone
 * would only hide the answer, not stop the change. Clients that are not browsers send no
 * `Origin` and are unaffected.
 */
export function refuseForeignWrites(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowedOrigins.has(origin)) return;
    if (request.method === 'OPTIONS' || isPublicRead(request)) return;
    const path = pathOf(request);
    if (OWN_ORIGIN_CHECK_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    throw forbidden(
      'This origin may not make changes',
      `origin ${origin.slice(0, 200)} is not a configured web origin`,
    );
  });
}
