import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseCookie } from 'cookie';
import Negotiator from 'negotiator';
import type { EmbeddedData, RenderedScreen } from './page-head.js';

/**
 * The first screen of a page rendered on the server by the web app's own components (the SSR
 * build of web/src/entry-server.tsx, written to `<web root>/.ssr/`), so a pack, publisher,
 * node-class or home page paints without waiting for the app's JavaScript. Without that build the
 * pages are served as before, with an empty `#root`.
 */

/** Where the SSR build lives inside the web root (a dot folder, so it is never served). */
export const SSR_ENTRY = path.join('.ssr', 'entry-server.js');

/** The cookie the web app sets to the interface language (web/src/i18n/index.ts writes it). */
export const LANGUAGE_COOKIE = 'comfy-registry-language';

/** The cookie the web app sets to the theme mode (web/src/lib/theme.ts writes it; it outlives logout). */
export const THEME_COOKIE = 'comfy-registry-theme';

const FALLBACK_LANGUAGE = 'en';

/**
 * Whether the reader chose the dark theme (the cookie), so `<html>` arrives dark and the page
 * never paints light first. "auto" is left to index.html's start-up script, which can ask the
 * system; a stored choice there also overrides this.
 */
export function readerPrefersDark(cookieHeader: string | undefined): boolean {
  return cookieHeader ? parseCookie(cookieHeader)[THEME_COOKIE] === 'dark' : false;
}

/** Translation files: language → namespace → strings. */
type Resources = Record<string, Record<string, unknown>>;

/** What web/src/entry-server.tsx exports. */
interface EntryServer {
  configure(runtime: object): void;
  renderFirstScreen(input: {
    url: string;
    language: string;
    resources: Resources;
    namespaces: string[];
    queries: Record<string, unknown>;
    fetchedAt: number;
  }): Promise<{ html: string; dir: 'ltr' | 'rtl' } | undefined>;
}

/** The request headers that choose the language. */
export interface ReaderHeaders {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}

export interface FirstScreenRenderer {
  render(url: string, headers: ReaderHeaders, data: EmbeddedData | undefined): Promise<RenderedScreen | undefined>;
}

function isEntryServer(value: unknown): value is EntryServer {
  const module = value as Partial<EntryServer> | null;
  return typeof module?.renderFirstScreen === 'function' && typeof module.configure === 'function';
}

/**
 * The reader's language, as the browser would pick it: the language they chose (the cookie),
 * else the best match of Accept-Language (`zh-CN` → `zh`), else English.
 */
export function readerLanguage(headers: ReaderHeaders, languages: readonly string[]): string {
  const chosen = headers.cookie ? parseCookie(headers.cookie)[LANGUAGE_COOKIE] : undefined;
  if (chosen && languages.includes(chosen)) return chosen;
  if (!headers['accept-language']) return FALLBACK_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': headers['accept-language'] } }).languages([
    ...languages,
  ]);
  return best ?? FALLBACK_LANGUAGE;
}

/** Reads every namespace of one language, once; a language without files has none. */
function translationFiles(localesDir: string): (language: string) => Record<string, unknown> {
  const cache = new Map<string, Record<string, unknown>>();
  return (language) => {
    let files = cache.get(language);
    if (!files) {
      files = {};
      const dir = path.join(localesDir, language);
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (!name.endsWith('.json')) continue;
        files[name.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;
      }
      cache.set(language, files);
    }
    return files;
  };
}

/**
 * Loads the SSR build from a web root, or undefined when there is none. `runtime` is the config
 * the page injects for the browser, so server-rendered links match the app's.
 */
export async function loadFirstScreenRenderer(
  webRoot: string,
  runtime: object,
  onError: (error: unknown, url: string) => void,
): Promise<FirstScreenRenderer | undefined> {
  const entryFile = path.join(webRoot, SSR_ENTRY);
  const localesDir = path.join(webRoot, 'locales');
  if (!existsSync(entryFile) || !existsSync(localesDir)) return undefined;
  const entry: unknown = await import(pathToFileURL(entryFile).href);
  if (!isEntryServer(entry)) throw new Error(`${entryFile} does not export renderFirstScreen and configure`);
  entry.configure(runtime);
  // English first: it is the answer when nothing else matches.
  const languages = readdirSync(localesDir, { withFileTypes: true })
    .filter((dirent) => dirent.isDirectory())
    .map((dirent) => dirent.name)
    .sort((a, b) => Number(b === FALLBACK_LANGUAGE) - Number(a === FALLBACK_LANGUAGE));
  const filesOf = translationFiles(localesDir);
  return {
    async render(url, headers, data) {
      const language = readerLanguage(headers, languages);
      const resources: Resources = { [FALLBACK_LANGUAGE]: filesOf(FALLBACK_LANGUAGE), [language]: filesOf(language) };
      try {
        const screen = await entry.renderFirstScreen({
          url,
          language,
          resources,
          namespaces: Object.keys(resources[FALLBACK_LANGUAGE] ?? {}),
          queries: data?.queries ?? {},
          fetchedAt: data?.fetchedAt ?? Date.now(),
        });
        return screen && { ...screen, language };
      } catch (error) {
        // The page still works without its server-rendered first screen: the app renders it.
        onError(error, url);
        return undefined;
      }
    },
  };
}
