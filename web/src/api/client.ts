import createClient, { type Middleware } from 'openapi-fetch';
import { config } from '../lib/config';
import { pathsToInvalidate } from './cache-rules';
import { apiErrorFrom } from './errors';
import { storedIdentityToken } from './identity-token';
import type { paths } from './schema.gen';

/** A successful write the cache should react to. */
export interface WriteEvent {
  method: string;
  /** Query-key paths to invalidate. */
  paths: string[];
}

const writeListeners = new Set<(event: WriteEvent) => void>();

/** Subscribes to successful writes (the app layer invalidates cached queries from these). */
export function onApiWrite(listener: (event: WriteEvent) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Supplies the bearer token for each request; the app layer swaps in one that refreshes. */
let tokenSource: () => Promise<string | null> = async () => storedIdentityToken()?.token ?? null;

/** Replaces how requests get their identity token. */
export function setTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source;
}

/** The identity token the API client would send now (for requests made outside it, e.g. uploads). */
export function currentToken(): Promise<string | null> {
  return tokenSource();
}

const bearer: Middleware = {
  async onRequest({ request }) {
    const token = await tokenSource();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

const announceWrites: Middleware = {
  onResponse({ request, response }) {
    if (!response.ok) return undefined;
    const paths = pathsToInvalidate(request.method, request.url.slice(config.apiUrl.length));
    if (paths.length > 0) for (const listener of writeListeners) listener({ method: request.method, paths });
    return undefined;
  },
};

/** The typed registry API client (types generated from the server's OpenAPI document). */
// fetch is looked up per call (not captured once), so tests and instrumentation can wrap it.
export const api = createClient<paths>({ baseUrl: config.apiUrl, fetch: (request) => globalThis.fetch(request) });
api.use(bearer, announceWrites);

/** Unwraps an openapi-fetch result: the data (null stays null), or a thrown ApiError carrying the status. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorFrom(response.status, error);
  return (data ?? null) as T;
}
