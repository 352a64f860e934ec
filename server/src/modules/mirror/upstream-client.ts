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

export interface UpstreamClientOptions {
  baseUrl: string;
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
  };
}

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
    const text = await response.text();
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
    const url = /^https?:\/\//.test(urlOrPath) ? urlOrPath : `${this.options.baseUrl}${urlOrPath}`;
    let lastReason = '';
    let timedOut = false;
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      let waitMs = this.options.retryBaseMs * 2 ** attempt;
      const response = await this.#once(url, headers).catch((error: unknown) => {
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
      return await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
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

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
