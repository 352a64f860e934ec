import { createHash } from 'node:crypto';

/** Inline `<script>` elements that run (no `src`, not a JSON data block), with their text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * `'sha256-…'` sources for the inline scripts of a page template. Only templates the listener
 * builds itself (index.html with the runtime config, the deferred entry of a first screen) are
 * hashed, never a finished page: a script that found its way into a page through pack or user
 * text would otherwise be allowed along with it.
 */
export function inlineScriptHashes(...templates: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of templates) {
    for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
      if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** Where the web app may connect and load code from besides its own origin. */
export interface PolicySources {
  /** The API's public URL (PUBLIC_API_URL): every data request goes there. */
  apiUrl: string;
  /** The analytics host, when analytics is on. */
  analyticsHost?: string | undefined;
  scriptHashes: string[];
}

/**
 * The Content-Security-Policy of the web app's pages. Scripts run only from the listener's own
 * origin and the hashed inline start-up scripts; pages cannot be framed (clickjacking), forms
 * post nowhere else, plugins are off. Images may come from anywhere (pack icons and banners are
 * links to the packs' own hosts), styles may be inline (the first screen's markup and the toast
 * library set style attributes and elements); neither can run code.
 */
export function contentSecurityPolicy(sources: PolicySources): string {
  const analytics = sources.analyticsHost ? analyticsOrigins(sources.analyticsHost) : [];
  const api = originOf(sources.apiUrl);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...sources.scriptHashes, ...analytics],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', '*', 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(api ? [api] : []), ...analytics],
    ['media-src', "'self'", 'https:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The analytics host and its asset host: PostHog serves its scripts from `<region>-assets.i.…`
 * beside the `<region>.i.…` API host.
 */
function analyticsOrigins(host: string): string[] {
  const origin = originOf(host);
  if (!origin) return [];
  const url = new URL(origin);
  const [first, ...rest] = url.hostname.split('.');
  if (!first || rest.length < 2 || first.endsWith('-assets')) return [origin];
  return [origin, `${url.protocol}//${first}-assets.${rest.join('.')}${url.port ? `:${url.port}` : ''}`];
}
