import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type LogFormat, logDestination } from './log-format.js';

const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: e-mail confirmation and reset tokens, OAuth callback
 * codes and state, signed-URL signatures.
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'code',
  'state',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** Paths whose last segment is a secret: upload URLs and better-auth's reset-link callback. */
const SECRET_PATHS = [/^(\/uploads\/)[^/]+/, /^(\/api\/auth\/reset-password\/)[^/]+/];

/** A request URL as it may be logged: the secrets in its path and query replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAMETERS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** What Fastify hands the request serializer (its request object, or the raw one). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request log fields, with the URL's secrets redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The logger options of both listeners: headers and URLs with credentials are redacted; lines
 * go where `LOG_FORMAT` says (see log-format.ts).
 */
export function loggerOptions(level: string, format: LogFormat = 'json') {
  const stream = logDestination(format);
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Warns once when a request arrives through a proxy (it has X-Forwarded-For) while TRUST_PROXY
 * is off: every client then has the proxy's address, so they share one sign-in budget and the
 * logs cannot tell them apart.
 */
export function warnAboutUntrustedProxy(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { remoteAddress: request.ip },
      'a request arrived with X-Forwarded-For while TRUST_PROXY is off: every client behind the proxy counts as the proxy address (shared rate limits, logs); set TRUST_PROXY=true when a reverse proxy you control sets the header (docs/deployment.md)',
    );
  });
}
