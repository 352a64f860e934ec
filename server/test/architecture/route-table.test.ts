import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compareRouteLines, enforceRouteTable, type RouteLine } from '../../src/lib/route-table.js';
import healthRoutes from '../../src/modules/health/routes.js';
import { routeTable } from '../../src/modules/routes.js';
import { buildTestApp } from '../helpers/app.js';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const modulesDir = new URL('../../src/modules/', import.meta.url);

/** `/nodes/{nodeId}` as the router writes it: `/nodes/:nodeId`. */
const routerUrl = (url: string) => url.replace(/\{\*\}$/, '*').replace(/\{(\w+)\}/g, ':$1');

describe('the route table (server/src/modules/routes.ts)', () => {
  it('lists exactly the operations /openapi documents, and every hidden line is served', async () => {
    // With a metrics token the API port serves /metrics, so the hidden line for it is registered too.
    const t = await buildTestApp({ METRICS_TOKEN: 'route-table-test-token-0123456789' });
    const doc = (await t.anon.get('/openapi')).json() as OpenApiDocument;
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
      )
      .sort();
    const listed = routeTable
      .filter((line) => line[2] !== null)
      .map(([method, url, operationId]) => `${method} ${url} ${operationId}`)
      .sort();
    expect(listed).toEqual(documented);
    expect(new Set(listed.map((l) => l.split(' ')[2])).size).toBe(listed.length);

    for (const [method, url] of routeTable.filter((line) => line[2] === null)) {
      expect(t.app.hasRoute({ method, url: routerUrl(url) }), `${method} ${url}`).toBe(true);
    }
  });

  it('is in URL order, one line per method and URL', () => {
    const sorted = [...routeTable].sort(compareRouteLines);
    expect(routeTable.map((l) => `${l[0]} ${l[1]}`)).toEqual(sorted.map((l) => `${l[0]} ${l[1]}`));
    expect(new Set(routeTable.map((l) => `${l[0]} ${l[1]}`)).size).toBe(routeTable.length);
  });

  it('names the file that declares each operation', () => {
    for (const [, url, operationId, file] of routeTable) {
      const source = readFileSync(new URL(file, modulesDir), 'utf8');
      expect(source, `${file} for ${url}`).toContain(operationId === null ? 'hide: true' : `'${operationId}'`);
    }
  });

  it('refuses a route registered outside the table when the app starts', async () => {
    const app = Fastify();
    enforceRouteTable(app, routeTable);
    app.register(async (child) => {
      child.get('/nodes/{nodeId}/secret', { schema: { operationId: 'getSecret' } }, async () => 'no');
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /nodes/{nodeId}/secret is registered outside the route table (server/src/modules/routes.ts)',
    );
  });

  it('refuses a real module whose route is missing from the table', async () => {
    const app = Fastify();
    enforceRouteTable(
      app,
      routeTable.filter((line: RouteLine) => line[2] !== 'getReadiness'),
    );
    app.register(healthRoutes);
    await expect(app.ready()).rejects.toThrow('GET /ready is registered outside the route table');
  });

  it('refuses a route whose operationId differs from its line', async () => {
    const app = Fastify();
    enforceRouteTable(app, [['GET', '/health', 'getLiveness', 'health/routes.ts']]);
    app.register(async (child) => {
      child.get('/health', { schema: { operationId: 'getHealth' } }, async () => 'OK');
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /health has operationId getHealth, the route table says getLiveness',
    );
  });
});
