import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from '../../context.js';

/** Where the built web app lives: `web/dist` next to the server package. */
export function defaultWebRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
}

export interface WebAppOptions {
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The web listener: serves the built single-page app with an index fallback for client-side
 * routes, or a short placeholder page when the app has not been built.
 */
export async function buildWebApp(ctx: AppContext, options: WebAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.decorate('ctx', ctx);
  const root = options.webRoot ?? defaultWebRoot();
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/*', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ComfyUI Registry</title></head>` +
            `<body><h1>Comfy Registry</h1><p>The web app has not been built yet. Run <code>npm run build</code>.</p>` +
            `<p>The API is at <a href="${ctx.config.server.PUBLIC_API_URL}/docs">${ctx.config.server.PUBLIC_API_URL}/docs</a>.</p></body></html>`,
        ),
    );
    return app;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Hashed assets are immutable; anything else that is not a file is a client-side route.
    if (url.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
