import cluster from 'node:cluster';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Histogram,
  type PrometheusContentType,
  Registry,
} from 'prom-client';
import type { AppContext } from '../../context.js';
import type { JobRunOutcome } from '../../engines/jobs/worker.js';
import { RequestTimings } from './request-timings.js';
import { registerStateGauges } from './state-gauges.js';

/** Request latency buckets, in seconds: cached catalogue reads take well under a millisecond. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job duration buckets, in seconds: an archive analysis takes from a fraction of a second to minutes. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * One process's metrics: its own prom-client registry, so apps built side by side (tests) never
 * share figures, with the request and job histograms fed as things happen and gauges that read
 * the current state when scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();
  /** Latency per route pattern, method and status; its `_count` series is the request count. */
  readonly httpDuration: RequestTimings;
  readonly jobDuration: Histogram<'kind' | 'outcome'>;

  constructor(ctx: AppContext) {
    // In a cluster each worker's series carry its id, and the primary can collect them all.
    if (cluster.isWorker && cluster.worker) {
      this.registry.setDefaultLabels({ worker: String(cluster.worker.id) });
      answerPrimary(this.registry);
    }
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new RequestTimings(
      {
        name: 'registry_http_request_duration_seconds',
        help: 'Time from request to response, by route pattern (not the raw URL), method and status code.',
        buckets: HTTP_BUCKETS,
      },
      this.registry,
    );
    this.jobDuration = new Histogram({
      name: 'registry_job_duration_seconds',
      help: 'Time a background job run took, by kind and outcome (done, retry, failed, interrupted by shutdown).',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: [this.registry],
    });
    registerStateGauges(ctx, this.registry);
  }

  /** Records one finished job run. */
  jobFinished(kind: string, outcome: JobRunOutcome, seconds: number): void {
    this.jobDuration.labels(kind, outcome).observe(seconds);
  }
}

const held = new WeakMap<AppContext, AppMetrics>();

/** prom-client's cluster aggregation: answers requests from the primary (worker) or asks every worker (primary). */
let aggregator: AggregatorRegistry<PrometheusContentType> | undefined;

/** Lets the primary collect this worker's registry over the cluster's IPC channel. */
function answerPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Making one installs prom-client's listener for the primary's requests.
  aggregator ??= new AggregatorRegistry();
}

/** The metrics of an app context, made on first use. */
export function appMetrics(ctx: AppContext): AppMetrics {
  let metrics = held.get(ctx);
  if (!metrics) {
    metrics = new AppMetrics(ctx);
    held.set(ctx, metrics);
  }
  return metrics;
}

/**
 * Everything `/metrics` answers, in the Prometheus text format. The one place a scrape is
 * rendered, so cluster aggregation (prom-client's AggregatorRegistry) can be added here.
 */
export async function metricsText(ctx: AppContext): Promise<MetricsAnswer> {
  const { registry } = appMetrics(ctx);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** A rendered scrape. */
export interface MetricsAnswer {
  contentType: string;
  body: string;
}

/**
 * In a cluster's primary: every worker's metrics in one scrape, each series labelled with its
 * `worker`, collected over the cluster's IPC channel (a worker that does not answer within
 * prom-client's timeout fails the scrape rather than giving a partial one).
 */
export async function clusterMetricsText(): Promise<MetricsAnswer> {
  aggregator ??= new AggregatorRegistry();
  return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() };
}
