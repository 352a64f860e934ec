import type { Config } from '../../config/index.js';

/** An upstream answer that is not a success and will not become one by retrying (404, 403...). */
export class UpstreamStatusError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: string,
  ) {
    super(`upstream answered ${status} for ${url}`);
    this.name = 'UpstreamStatusError';
  }
}

/** The upstream could not be reached or kept failing after every retry. */
export class UpstreamUnavailableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
    /** The last attempt ran out of time (rather than being refused or failing). */
    readonly timedOut = false,
  ) {
    super(`upstream unavailable for ${url}: ${reason}`);
    this.name = 'UpstreamUnavailableError';
  }
}

/**
 * A URL the mirror will not request: another host than the upstream's (and the configured
 * archive hosts), a redirect to one, or an answer too large to read. Not retried.
 */
export class UpstreamRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`upstream request refused for ${url}: ${reason}`);
    this.name = 'UpstreamRefusedError';
  }
}

export interface UpstreamClientOptions {
  baseUrl: string;
  /** Hosts (`host` or `host:port`) URLs may name besides the base URL's own. */
  allowedHosts?: string[];
  /** Largest JSON answer read, in bytes. */
  maxAnswerBytes?: number;
  concurrency: number;
  requestsPerSecond: number;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
}

/** The client options the configuration gives, or null when no upstream is configured. */
export function upstreamOptions(config: Config): UpstreamClientOptions | null {
  const u = config.upstream;
  if (!u.UPSTREAM_URL) return null;
  return {
    baseUrl: u.UPSTREAM_URL.replace(/\/+$/, ''),
    concurrency: u.UPSTREAM_CONCURRENCY,
    requestsPerSecond: u.UPSTREAM_REQUESTS_PER_SECOND,
    timeoutMs: u.UPSTREAM_TIMEOUT_MS,
    maxRetries: u.UPSTREAM_MAX_RETRIES,
    retryBaseMs: u.UPSTREAM_RETRY_BASE_MS,
    allowedHosts: archiveHosts(u.UPSTREAM_URL, u.UPSTREAM_ARCHIVE_HOSTS),
    maxAnswerBytes: u.UPSTREAM_MAX_ANSWER_BYTES,
  };
}

/**
 * Where the public registry keeps its archives. Mirroring it is the common case, and the README's
 * one-line mirror command must work without a second setting, so this host is allowed for that
 * upstream unless `UPSTREAM_ARCHIVE_HOSTS` says otherwise.
 */
const PUBLIC_REGISTRY_ARCHIVE_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'api.comfy.org': ['storage.googleapis.com'],
};

/** The hosts archive URLs may name besides the upstream's own: the setting, else the known default. */
function archiveHosts(upstreamUrl: string, setting: string): string[] {
  const listed = setting
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  if (listed.length > 0) return listed;
  const host = URL.canParse(upstreamUrl) ? new URL(upstreamUrl).host.toLowerCase() : '';
  return [...(PUBLIC_REGISTRY_ARCHIVE_HOSTS[host] ?? [])];
}

/** Redirects followed at most for one request (all on the same host). */
const MAX_REDIRECTS = 5;

/** Default cap on a JSON answer when the options give none. */
const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Longest wait a `Retry-After` header may impose; a longer one counts as "unavailable". */
const MAX_RETRY_AFTER_MS = 120_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * HTTP to the upstream registry, polite by construction: at most `concurrency` requests in flight,
 * starts spaced to `requestsPerSecond`, and failed requests (network errors, timeouts, 429, 5xx)
 * retried with doubling waits or the wait the upstream asks for in `Retry-After`.
 */
export class UpstreamClient {
  #inFlight = 0;
  #waiting: (() => void)[] = [];
  #nextStart = 0;
  /** Requests sent, retries included (the sync reports it). */
  requests = 0;

  constructor(readonly options: UpstreamClientOptions) {}

  /** GETs a JSON document; a 4xx other than 429 throws UpstreamStatusError at once. */
  async getJson(pathAndQuery: string): Promise<unknown> {
    const response = await this.fetch(pathAndQuery, { accept: 'application/json' });
    const text = await readCapped(response, this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UpstreamUnavailableError(response.url, 'the answer is not JSON');
    }
  }

  /**
   * A successful response for an absolute URL or a path on the upstream, with retries. The caller
   * reads (or cancels) the body; the request's slot is released when the headers have arrived.
   */
  async fetch(urlOrPath: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = /^https?:\/\//i.test(urlOrPath) ? urlOrPath : `${this.options.baseUrl}${urlOrPath}`;
    this.#checkHost(url);
    let lastReason = '';
    let timedOut = false;
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      let waitMs = this.options.retryBaseMs * 2 ** attempt;
      const response = await this.#follow(url, headers).catch((error: unknown) => {
        if (error instanceof UpstreamRefusedError) throw error;
        lastReason = error instanceof Error ? error.message : String(error);
        timedOut = error instanceof Error && error.name === 'TimeoutError';
        return null;
      });
      if (response) {
        if (response.ok) return response;
        const body = await response.text().catch(() => '');
        if (response.status !== 429 && response.status < 500) throw new UpstreamStatusError(response.status, url, body);
        lastReason = `HTTP ${response.status}`;
        timedOut = response.status === 504;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== null) {
          if (asked > MAX_RETRY_AFTER_MS) break;
          waitMs = asked;
        }
      }
      if (attempt < this.options.maxRetries) await sleep(waitMs);
    }
    throw new UpstreamUnavailableError(url, lastReason, timedOut);
  }

  /**
   * Only the upstream's own host and the configured archive hosts: an upstream naming any other
   * URL (a loopback-only service, a cloud metadata address) would have this registry fetch it
   * and serve the answer to anonymous users.
   */
  #checkHost(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new UpstreamRefusedError(url.slice(0, 200), 'not a URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new UpstreamRefusedError(url.slice(0, 200), `${parsed.protocol} URLs are not fetched`);
    }
    if (parsed.username || parsed.password)
      throw new UpstreamRefusedError(url.slice(0, 200), 'URL carries credentials');
    if (parsed.origin === new URL(this.options.baseUrl).origin) return;
    const allowed = this.options.allowedHosts ?? [];
    if (allowed.includes(parsed.host.toLowerCase()) || allowed.includes(parsed.hostname.toLowerCase())) return;
    throw new UpstreamRefusedError(
      url.slice(0, 200),
      `${parsed.host} is neither the upstream's host nor one of UPSTREAM_ARCHIVE_HOSTS`,
    );
  }

  /** One request, following redirects only while they stay on the same host. */
  async #follow(url: string, headers: Record<string, string>): Promise<Response> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const response = await this.#once(current, headers);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new UpstreamRefusedError(url, `more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new UpstreamRefusedError(url, 'redirect to an unreadable location');
      }
      if (next.origin !== new URL(current).origin) {
        throw new UpstreamRefusedError(url, `redirect to another host (${next.host})`);
      }
      current = next.toString();
    }
  }

  async #once(url: string, headers: Record<string, string>): Promise<Response> {
    await this.#acquire();
    // The time limit covers the wait for the answer's headers; a large archive may then take
    // as long as it needs to stream.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('upstream did not answer in time', 'TimeoutError')),
      this.options.timeoutMs,
    );
    try {
      this.requests++;
      return await fetch(url, { headers, signal: controller.signal, redirect: 'manual' });
    } finally {
      clearTimeout(timer);
      this.#release();
    }
  }

  async #acquire(): Promise<void> {
    while (this.#inFlight >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#inFlight++;
    // Space the starts out: each request reserves the next free start time.
    const gap = 1000 / this.options.requestsPerSecond;
    const now = Date.now();
    const start = Math.max(now, this.#nextStart);
    this.#nextStart = start + gap;
    if (start > now) await sleep(start - now);
  }

  #release(): void {
    this.#inFlight--;
    this.#waiting.shift()?.();
  }
}

/** An answer's body as text, refused once it passes `maxBytes` (a hostile upstream's endless page). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!response.body || (Number.isFinite(declared) && declared > maxBytes)) {
    await response.body?.cancel().catch(() => undefined);
    if (!response.body) return '';
    throw new UpstreamRefusedError(response.url, `answer larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new UpstreamRefusedError(response.url, `answer larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
