import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { directionOf } from './i18n/languages';
import { numberFormatter } from './i18n/number-formatter';
import { i18nOptions } from './i18n/options';
import { config, type RuntimeConfig, resolveConfig } from './lib/config';
import { provideEmbedded } from './lib/embedded-data';
import { ServerScreen } from './lib/server-screen';

/**
 * The server half of the first screen. The web listener (server/src/modules/web) loads this module
 * from the SSR build and renders a shared page with the same components the browser runs, so its
 * first paint needs no JavaScript. The browser does not hydrate this markup: it renders the app
 * afresh once its code, translations and route are ready, and that render replaces the markup in
 * one commit (see main.tsx). Hydration would demand identical output, and the browser's render
 * legitimately differs (sign-in state, persisted cache, the reader's clock).
 */

/** What one page needs to render. */
export interface FirstScreenInput {
  /** Path and query of the page. */
  url: string;
  language: string;
  /** Translation files by language and namespace (the page's language and English). */
  resources: Resource;
  namespaces: string[];
  /** API answers by query key path, as embedded in the page for the browser. */
  queries: Record<string, unknown>;
  /** When those answers were read (ms since epoch). */
  fetchedAt: number;
}

/** A page's first screen: the markup for inside `#root`, and the text direction of its language. */
export interface FirstScreen {
  html: string;
  dir: 'ltr' | 'rtl';
}

/** Applies the settings the web listener injects into the page, so links match the browser's. */
export function configure(runtime: Partial<RuntimeConfig>): void {
  Object.assign(config, resolveConfig(runtime));
}

/** The route table resolved once; each request only matches against it. */
const handler = createStaticHandler(routes);

const instances = new Map<string, I18n>();

/** One i18next instance per language, built from files that never change while the server runs. */
function translator(language: string, resources: Resource, namespaces: string[]): I18n {
  const key = language;
  let instance = instances.get(key);
  if (!instance) {
    instance = createInstance().use(numberFormatter);
    void instance.init({ ...i18nOptions(language, namespaces), resources, initAsync: false });
    instances.set(key, instance);
  }
  return instance;
}

/**
 * The page's markup for inside `#root`, or undefined when the route does not render as a plain
 * page (a redirect, or an error the browser should handle itself).
 */
export async function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen | undefined> {
  const context = await handler.query(new Request(new URL(input.url, 'http://registry.invalid')));
  if (context instanceof Response) return undefined;
  if (context.errors) return undefined;
  // Queries never fetch on the server: what is not embedded renders as loading, as in the browser.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createStaticRouter(handler.dataRoutes, context);
  // The render below is synchronous, so no other page's answers can be taken in between.
  provideEmbedded({ fetchedAt: input.fetchedAt, queries: input.queries });
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={translator(input.language, input.resources, input.namespaces)}>
        <QueryClientProvider client={queryClient}>
          <ServerScreen.Provider value={true}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerScreen.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { html, dir: directionOf(input.language) };
}
