import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RequestTimings, TimingSeries } from './request-timings.js';

type RequestHistogram = RequestTimings;
type Observer = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Label value for requests that matched no route, so scanners cannot fill the metrics with URLs. */
const UNMATCHED = 'unmatched';

/**
 * Records every answered request in `histogram`. Each route gets its own `onResponse` hook that
 * knows its pattern and method already and keeps its series per status code, so a request
 * costs one map lookup and a few additions: no label objects, no hashing, no route lookup,
 * nothing allocated once a status has been seen. Call before any route is registered.
 */
export function installRequestMetrics(app: FastifyInstance, histogram: RequestHistogram): void {
  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const observe = observer(histogram, method, route.url);
    const existing = route.onResponse;
    route.onResponse =
      existing === undefined ? observe : [...(Array.isArray(existing) ? existing : [existing]), observe];
  });
  // Requests no route matched go through the app-wide hooks only.
  const unmatched = new Map<string, Observer>();
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.is404) return done();
    let observe = unmatched.get(request.method);
    if (!observe) {
      observe = observer(histogram, request.method, UNMATCHED);
      // Only real methods reach here (Node refuses unknown ones), so the map stays small.
      unmatched.set(request.method, observe);
    }
    observe(request, reply, done);
  });
}

function observer(histogram: RequestHistogram, method: string, route: string): Observer {
  const byStatus = new Map<number, TimingSeries>();
  return (_request, reply, done) => {
    const status = reply.statusCode;
    let series = byStatus.get(status);
    if (!series) {
      series = histogram.series(method, route, status);
      byStatus.set(status, series);
    }
    series.observe(reply.elapsedTime / 1000);
    done();
  };
}
