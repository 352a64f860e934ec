import type { TestApp } from '../../helpers/app.js';

/** Headers a browser adds to a credentialed `fetch` from the web app's origin. */
export function webAppHeaders(webOrigin: string): Record<string, string> {
  return { origin: webOrigin, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
}

/** A cookie as the server set it, with its attributes. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

/** Parses one Set-Cookie header. */
export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attrs] = header.split(';').map((p) => p.trim());
  const i = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const a of attrs) {
    const j = a.indexOf('=');
    attributes.set((j < 0 ? a : a.slice(0, j)).toLowerCase(), j < 0 ? '' : a.slice(j + 1));
  }
  return { name: pair.slice(0, i), value: pair.slice(i + 1), attributes };
}

/**
 * A browser tab of the web app calling the API over real HTTP: keeps cookies like a browser
 * (host-only, deleted by Max-Age=0) and sends the cross-origin fetch headers.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, for assertions on attributes. */
  readonly setCookies: SetCookie[] = [];

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  async fetch(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...webAppHeaders(this.origin), ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      redirect: 'manual',
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      this.setCookies.push(cookie);
      if (cookie.attributes.get('max-age') === '0' || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.fetch(path, { method: 'POST', body, headers });
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.fetch(path, { headers });
  }
}

/** Starts the test app on a real port (cookies and redirects need real HTTP). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}
