/**
 * API answers the web listener embeds in a shared page (`<script type="application/json"
 * id="registry-data">`, see server/src/modules/web/page-head.ts), so the first paint of a pack or
 * publisher page needs no API round trip. Each answer is handed out once, as a query's
 * `initialData`; the query then revalidates as usual.
 */

export const EMBEDDED_DATA_ID = 'registry-data';

interface Embedded {
  fetchedAt: number;
  queries: Map<string, unknown>;
}

let embedded: Embedded | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the element once; a missing or malformed element means no embedded data. */
function load(): Embedded {
  if (embedded) return embedded;
  embedded = { fetchedAt: 0, queries: new Map() };
  if (typeof document === 'undefined') return embedded;
  const element = document.getElementById(EMBEDDED_DATA_ID);
  if (!element?.textContent) return embedded;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (isRecord(parsed) && typeof parsed.fetchedAt === 'number' && isRecord(parsed.queries)) {
      embedded = { fetchedAt: parsed.fetchedAt, queries: new Map(Object.entries(parsed.queries)) };
    }
  } catch {
    // A broken element only costs the first paint its shortcut.
  }
  element.remove();
  return embedded;
}

/**
 * The embedded answer for a query key path (`/nodes/<id>`), once: later calls get undefined, so a
 * query rebuilt after garbage collection fetches fresh data instead of reusing the page's.
 * The type is the caller's: the server embeds exactly what the API answers for that path.
 */
export function takeEmbedded<T>(path: string): T | undefined {
  const { queries } = load();
  if (!queries.has(path)) return undefined;
  const data = queries.get(path) as T;
  queries.delete(path);
  return data;
}

/** When the embedded answers were read on the server (ms since epoch), for `initialDataUpdatedAt`. */
export function embeddedFetchedAt(): number | undefined {
  const { fetchedAt } = load();
  return fetchedAt > 0 ? fetchedAt : undefined;
}

/**
 * Hands the answers of one page to the queries directly, where there is no document to read them
 * from: the server's first-screen render (entry-server.tsx), just before it renders the page.
 */
export function provideEmbedded(data: { fetchedAt: number; queries: Record<string, unknown> }): void {
  embedded = { fetchedAt: data.fetchedAt, queries: new Map(Object.entries(data.queries)) };
}

/** Forgets what was read (tests). */
export function resetEmbedded(): void {
  embedded = undefined;
}

/**
 * The translation namespaces the web listener says this page's first screen needs
 * (`<meta name="registry-namespaces">`), loaded with the default one before the first render.
 */
export function pageNamespaces(): string[] {
  if (typeof document === 'undefined') return [];
  const meta = document.querySelector<HTMLMetaElement>('meta[name="registry-namespaces"]');
  return (meta?.content ?? '').split(' ').filter((ns) => /^[a-z][a-z-]*$/.test(ns));
}
