import type { FastifyInstance } from 'fastify';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One operation: method, URL in OpenAPI form, operationId (null: hidden from /openapi), file. */
export type RouteLine = readonly [method: RouteMethod, url: string, operationId: string | null, file: string];

const METHOD_ORDER: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** A router URL (`/nodes/:nodeId`, `/files/*`) as /openapi writes it (`/nodes/{nodeId}`, `/files/{*}`). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

/**
 * The table's order: path segment by segment (a literal before a parameter, since `{` sorts after
 * letters; a path before its longer paths), then by method.
 */
export function compareRouteLines(a: RouteLine, b: RouteLine): number {
  const x = a[1].split('/');
  const y = b[1].split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
  }
  if (x.length !== y.length) return x.length - y.length;
  return METHOD_ORDER.indexOf(a[0]) - METHOD_ORDER.indexOf(b[0]);
}

/**
 * Refuses, while the app is being built, every route registered from here on that has no line in
 * the table, or whose operationId differs from its line's: a route cannot be added without the
 * table saying where it lives. HEAD routes Fastify adds beside a GET are covered by the GET line.
 */
export function enforceRouteTable(app: FastifyInstance, table: readonly RouteLine[]): void {
  const lines = new Map(table.map((line) => [`${line[0]} ${line[1]}`, line]));
  app.addHook('onRoute', (route) => {
    const url = openApiPath(route.url ?? route.path);
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId ?? null;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && lines.has(`GET ${url}`)) continue;
      const line = lines.get(`${method} ${url}`);
      if (line === undefined) {
        throw new Error(`${method} ${url} is registered outside the route table (server/src/modules/routes.ts)`);
      }
      if (line[2] !== operationId) {
        throw new Error(`${method} ${url} has operationId ${operationId}, the route table says ${line[2]}`);
      }
    }
  });
}
