import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppContext } from '../../context.js';
import { COMPRESSION_THRESHOLD_BYTES, chooseEncoding, compressBody, varyOnEncoding } from '../../lib/compression.js';
import { readAppRoutes } from './app-routes.js';
import { registerConnectorDownload } from './connector-download.js';
import { loadFirstScreenRenderer, readerPrefersDark } from './first-screen.js';
import {
  DEFAULT_DESCRIPTION,
  type EmbeddedData,
  type PageHead,
  renderPage,
  SITE_NAME,
  withDarkTheme,
} from './page-head.js';
import { registerTranslationGuide, registryVersion } from './project-docs.js';
import { readManifest, type Screen, type ScreenHints, screenHints, screens } from './route-assets.js';
import { injectRuntimeConfig, webRuntimeConfig } from './runtime-config.js';
import { embeddedSearch, homeSearch } from './search-page.js';
import { contentSecurityPolicy, inlineScriptHashes, type PolicySources } from './security-headers.js';
import { matchShareRoute, missing, type ShareRoute, sharePage } from './share.js';

/** Where the built web app lives: `web/dist` next to the server package. */
export function defaultWebRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
}

export interface WebAppOptions {
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The API of the same process, asked in-process for the home page's first results. */
  api?: FastifyInstance;
}

/** A page the listener serves: what its head says, the data it embeds, and its status. */
interface ServedPage {
  status: 200 | 403 | 404;
  head: PageHead;
  data?: EmbeddedData | undefined;
  hints?: ScreenHints | undefined;
}

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The web listener: serves the built single-page app. Every client-side route gets index.html
 * with the runtime config injected (API URL, links, analytics, build id); hashed assets are
 * cached for a year; `/discord` redirects to the configured community invite. Without a build
 * it serves a short page saying how to build one.
 *
 * Shareable pages (`/nodes/:id`, `/publishers/:p/nodes/:id`, `/publishers/:p`,
 * `/comfy-nodes/:name`) get their own title, description, Open Graph tags and canonical link, and
 * embed the API answer they show (see share.ts). Unknown ones are still the app (which shows its
 * "not found" screen) but answer 404, banned packs 403, so link previews and crawlers see it; so
 * do paths that are no route of the app at all (the build's route list, app-routes.ts).
 * Those pages and `/` also arrive with their first screen rendered, when the web build has its
 * SSR half (see first-screen.ts and docs/sharing.md).
 */
/**
 * Whether a path's answer can be a document or a worker, the only things a Content-Security-Policy
 * or X-Frame-Options header governs. The build's hashed scripts and styles and the translation
 * files are neither (workers excepted: a worker runs under its own script's policy), and a page
 * loads dozens of them: the two headers would add about half a kilobyte to each, uncompressed
 * over HTTP/1.1.
 */
function appliesToDocument(url: string): boolean {
  const pathName = url.split('?', 1)[0] ?? '';
  if (pathName.startsWith('/locales/')) return false;
  return !pathName.startsWith('/assets/') || /\.worker-[^/]*\.js$/.test(pathName);
}

export async function buildWebApp(ctx: AppContext, options: WebAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.decorate('ctx', ctx);
  const { config } = ctx;
  const policySources: PolicySources = {
    apiUrl: config.server.PUBLIC_API_URL,
    analyticsHost: config.web.WEB_POSTHOG_KEY ? config.web.WEB_POSTHOG_HOST : undefined,
    scriptHashes: [],
  };
  let policy = contentSecurityPolicy(policySources);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!appliesToDocument(request.url)) return;
    // No other site may show these pages in a frame; older browsers read X-Frame-Options.
    reply.header('content-security-policy', policy);
    reply.header('x-frame-options', 'DENY');
  });
  app.get('/discord', async (_request, reply) => reply.redirect(config.web.WEB_DISCORD_URL, 302));
  registerConnectorDownload(app, config.server.PUBLIC_API_URL);
  registerTranslationGuide(app);

  const root = options.webRoot ?? defaultWebRoot();
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('/*', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ComfyUI Registry</title></head>` +
            `<body><h1>Comfy Registry</h1><p>The web app has not been built yet. Run <code>npm run build</code>.</p>` +
            `<p>The API is at <a href="${config.server.PUBLIC_API_URL}/docs">${config.server.PUBLIC_API_URL}/docs</a>.</p></body></html>`,
        ),
    );
    return app;
  }

  const template = readFileSync(indexFile, 'utf8');
  const runtime = webRuntimeConfig(config, template, registryVersion());
  const base = injectRuntimeConfig(template, runtime);
  // The inline scripts every page may carry: index.html's start-up script, the runtime config and
  // the deferred entry of a page with a first screen. Their text is fixed for the process.
  const withScreen = renderPage(base, { title: SITE_NAME, description: DEFAULT_DESCRIPTION }, undefined, undefined, {
    html: '',
    language: 'en',
    dir: 'ltr',
  });
  policy = contentSecurityPolicy({ ...policySources, scriptHashes: inlineScriptHashes(base, withScreen) });
  const firstScreen = await loadFirstScreenRenderer(root, runtime, (error, url) =>
    app.log.warn({ err: error, url }, 'first screen not rendered on the server'),
  );
  const webUrl = config.server.PUBLIC_WEB_URL.replace(/\/+$/, '');
  const manifest = readManifest(root);
  const hintsFor = (screen: Screen | undefined) => (screen ? screenHints(manifest, screen) : undefined);
  const routeHints: Record<ShareRoute['kind'], ScreenHints | undefined> = {
    node: hintsFor(screens.node),
    publisher: hintsFor(screens.publisher),
    'comfy-node': hintsFor(screens.comfyNode),
  };
  const home: ServedPage = {
    status: 200,
    head: { title: SITE_NAME, description: DEFAULT_DESCRIPTION, url: `${webUrl}/` },
    hints: hintsFor(screens.home),
  };
  const appPage = renderPage(base, { title: SITE_NAME, description: DEFAULT_DESCRIPTION });
  // Paths the app's router does not know are 404 with its not-found screen, like unknown packs.
  const isAppRoute = readAppRoutes(root);
  const unknownPage = missing('Page not found');
  // Pages are compressed per request (they embed the reader's language and fresh answers); the
  // build's files are compressed once, at build time (web/vite.config.ts, `preCompressed` below).
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, html: string, status = 200) => {
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // The theme cookie colours `<html>`, so caches key on the cookie (pages with a first screen already do).
    if (!reply.hasHeader('vary')) reply.header('vary', 'Cookie');
    const body = Buffer.from(readerPrefersDark(request.headers.cookie) ? withDarkTheme(html) : html);
    if (body.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(body);
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request);
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(compressBody(body, encoding));
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, page: ServedPage) => {
    // Only pages that exist get a first screen; the app words "not found" and "unavailable" itself.
    const screen =
      firstScreen && page.status === 200
        ? await firstScreen.render(request.url, request.headers, page.data)
        : undefined;
    // Its language follows the reader's cookie and Accept-Language, so caches must key on them.
    if (screen) reply.header('vary', 'Cookie, Accept-Language');
    return sendHtml(request, reply, renderPage(base, page.head, page.data, page.hints, screen), page.status);
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, url: string, query: string) => {
    const route = matchShareRoute(url);
    if (!route) {
      if (isAppRoute && !isAppRoute(url)) return send(request, reply, unknownPage);
      return sendHtml(request, reply, appPage);
    }
    const page = await sharePage(ctx, route);
    if (page.status === 302) return reply.redirect(`${page.location}${query}`, 302);
    return send(request, reply, { ...page, hints: routeHints[route.kind] });
  };

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    // `x.br` / `x.gz` beside each file, written by the build, as the request's Accept-Encoding allows.
    preCompressed: true,
    // index.html is only ever sent with the config injected (below); the build manifest
    // (.vite/manifest.json) and other dot folders are not for browsers.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.split('/').some((s) => s.startsWith('.')),
    setHeaders: (res, filePath) => {
      const relative = path.relative(root, filePath);
      // Hashed file names never change content; translations carry the build id in their URL.
      res.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`)
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'public, max-age=3600',
      );
      // The same URL answers brotli, gzip or plain bytes (`preCompressed`), so caches key on it.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // Home and a search link open with their first page of results rendered and embedded.
  app.get('/', async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const search = options.api && homeSearch(new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt)));
    const data = options.api && search ? await embeddedSearch(options.api, search) : undefined;
    return send(request, reply, { ...home, data });
  });
  // Anything that is not a file is a client-side route; a missing asset or translation is a real 404.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: 'Not Found' });
    if (url.startsWith('/assets/') || url.startsWith('/locales/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    const queryAt = request.url.indexOf('?');
    return sendPage(request, reply, url, queryAt === -1 ? '' : request.url.slice(queryAt));
  });
  return app;
}
