import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { metricsEnabled } from './config/operations.js';
import type { AppContext } from './context.js';
import { installCors, refuseForeignWrites } from './lib/cors-policy.js';
import { installDepthGuard } from './lib/depth-guard.js';
import { installErrorHandling } from './lib/error-handler.js';
import { installNulGuard } from './lib/nul-guard.js';
import { installNumberGuard } from './lib/number-guard.js';
import { hoistTitledSchemas } from './lib/openapi-components.js';
import { warnAboutUntrustedProxy } from './lib/request-log.js';
import { enforceRouteTable } from './lib/route-table.js';
import { deferredSchemaCompilers } from './lib/schema-compilers.js';
import { clientPackRules } from './modules/catalogue/client-rules.js';
import { apiModules } from './modules/index.js';
import { installRequestMetrics } from './modules/metrics/http.js';
import { appMetrics } from './modules/metrics/registry.js';
import { routeTable } from './modules/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Config, database and outside systems for this process. */
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  /** Pino logger options, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Test-only hook: compilers for route schemas shared between the many apps one test process
   * builds, so each schema is compiled once per process instead of once per app (compiling every
   * route's validators and serializers was most of a test's CPU time). The server never sets it:
   * it compiles each route's schemas on the route's first request (lib/schema-compilers.ts).
   */
  schemaController?: FastifyServerOptions['schemaController'];
}

/** The origin (scheme, host, port) of a configured URL, as browsers send it in `Origin`. */
function originOf(url: string): string | undefined {
  if (url.trim() === '') return undefined;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim();
  }
}

/** Builds the API app from its modules, without listening, so tests can use `inject`. */
/** The document with the pack rules the web app generates its checks from (`x-pack-rules`). */
const withClientRules = (document: Record<string, unknown>): Record<string, unknown> => ({
  ...document,
  'x-pack-rules': clientPackRules,
});

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.server.BODY_LIMIT_BYTES,
    trustProxy: config.server.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: false },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: options.schemaController ?? deferredSchemaCompilers,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
  // Before any route exists: each route's hook is added as it is registered. Skipped entirely
  // while no one can read the figures.
  if (metricsEnabled(config.operations)) installRequestMetrics(app, appMetrics(ctx).httpDuration);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);
  installNulGuard(app);
  warnAboutUntrustedProxy(app, config.server.TRUST_PROXY);
  installDepthGuard(app);
  installNumberGuard(app);

  // The web app, the API's own origin (its /docs page) and any extra configured origins.
  const allowed = new Set(
    [config.server.PUBLIC_WEB_URL, config.server.PUBLIC_API_URL, ...config.server.CORS_ORIGINS.split(',')]
      .map(originOf)
      .filter((o): o is string => o !== undefined),
  );
  installCors(app, allowed);
  refuseForeignWrites(app, allowed);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Comfy Registry API',
        version: '1.0.0',
        description: 'The registry of ComfyUI custom node packs: catalogue, publishing, identity and moderation.',
      },
      servers: [{ url: config.server.PUBLIC_API_URL }],
      components: {
        securitySchemes: {
          BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? withClientRules(hoistTitledSchemas(documentObject.openapiObject as Record<string, unknown>))
        : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi', { schema: { hide: true } }, async () => app.swagger());

  // Every API route from here on must stand in the route table.
  enforceRouteTable(app, routeTable);
  for (const module of apiModules) await app.register(module);
  return app;
}
