import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/**
 * POST routes that only read: they take their question as a JSON body because it is too long
 * for a URL. The ComfyUI front end calls the first from its own origin.
 */
const READ_ONLY_POSTS: ReadonlySet<string> = new Set(['/bulk/nodes/versions', '/comfy-nodes/resolve']);

/**
 * The ComfyUI front end's one write: its review button posts without a token. Without an
 * identity it can only be refused (401), so a foreign page may send it anonymously and read that
 * answer, as from api.comfy.org; with a cookie or token it stays a foreign write (refused, 403).
 */
const ANONYMOUS_WRITE_PATHS = [/^\/nodes\/[^/]+\/reviews$/];

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

/** A POST (or its preflight) whose anonymous answer a page on any origin may read. */
function isAnonymousWrite(request: FastifyRequest): boolean {
  if (intendedMethod(request) !== 'POST') return false;
  const path = pathOf(request);
  return ANONYMOUS_WRITE_PATHS.some((pattern) => pattern.test(path));
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

/** What one request from a browser page may see, or undefined for no CORS headers at all. */
interface CorsGrant {
  allowOrigin: string;
  credentials: boolean;
  methods: string;
  /** Request headers a preflight may announce; undefined echoes what it announced. */
  allowHeaders: string | undefined;
}

const WEB_APP_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PUBLIC_METHODS = 'GET, HEAD, POST';
const PUBLIC_HEADERS_LINE = PUBLIC_REQUEST_HEADERS.join(', ');
const EXPOSED_HEADERS_LINE = EXPOSED_HEADERS.join(', ');

/**
 * The configured origins (the web app's) may do anything, with credentials. Any other origin,
 * including `null`, may read public data anonymously: the ComfyUI front end calls the registry
 * from wherever ComfyUI runs. It gets `Access-Control-Allow-Origin: *` without credentials, so a
 * browser never attaches cookies to such a read (or to the front end's anonymous review post,
 * answered 401), and no CORS headers at all for anything else (other writes, or requests with a
 * token), so the browser refuses them. The origin is never echoed
 * as `null`.
 */
function grantFor(request: FastifyRequest, origin: string, allowedOrigins: ReadonlySet<string>): CorsGrant | undefined {
  if (allowedOrigins.has(origin)) {
    return { allowOrigin: origin, credentials: true, methods: WEB_APP_METHODS, allowHeaders: undefined };
  }
  if ((isPublicRead(request) || isAnonymousWrite(request)) && !carriesCredentials(request)) {
    return { allowOrigin: '*', credentials: false, methods: PUBLIC_METHODS, allowHeaders: PUBLIC_HEADERS_LINE };
  }
  return undefined;
}

/**
 * Answers CORS for every route. This policy needs different answers per request (credentials
 * for the web app, `*` for anonymous reads), which @fastify/cors gives only through its options
 * delegator, and that path cost a third of the throughput of cached catalogue reads (about 24k
 * against 38k requests/s for `GET /nodes/{id}` on one core); most callers (ComfyUI-Manager,
 * comfy-cli) send no `Origin` and now pay one header.
 */
export function installCors(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    // Answers differ by Origin, so shared caches must keep them apart, with or without one.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const grant = grantFor(request, origin, allowedOrigins);
    if (!grant) return;
    reply.header('access-control-allow-origin', grant.allowOrigin);
    if (grant.credentials) reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS_LINE);
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return;
    // A preflight: answered here, before any route or authentication runs.
    const announced = request.headers['access-control-request-headers'];
    if (grant.allowHeaders === undefined) reply.header('vary', 'Origin, Access-Control-Request-Headers');
    const allowHeaders = grant.allowHeaders ?? (typeof announced === 'string' ? announced : undefined);
    reply.header('access-control-allow-methods', grant.methods);
    if (allowHeaders !== undefined) reply.header('access-control-allow-headers', allowHeaders);
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.code(204).header('content-length', '0').send();
  });
  // Preflights the hook did not grant reach no route: they are not found, as any other OPTIONS.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
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
    if (isAnonymousWrite(request) && !carriesCredentials(request)) return;
    const path = pathOf(request);
    if (OWN_ORIGIN_CHECK_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    throw forbidden(
      'This origin may not make changes',
      `origin ${origin.slice(0, 200)} is not a configured web origin`,
    );
  });
}
