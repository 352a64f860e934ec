import type { Metric, Registry } from 'prom-client';

/** The labels of one request series. */
interface SeriesLabels {
  method: string;
  route: string;
  status_code: string;
}

/** One route, method and status: plain numbers, updated in place. */
export class TimingSeries {
  /** Requests per bucket (not cumulative); the last slot is above every bound (+Inf). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: SeriesLabels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Records one request: a few comparisons and three additions, nothing allocated. */
  observe(seconds: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > (bounds[i] as number)) i++;
    this.counts[i] = (this.counts[i] as number) + 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** A sample as prom-client's registry renders (and the cluster aggregator merges) it. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The request latency histogram, kept outside prom-client's Histogram on purpose: its
 * `observe` validates and hashes the label set on every call (about two microseconds and a few
 * objects per request, measured), while a request here adds to a series the route's hook holds
 * already. The figures are turned into prom-client's histogram samples only when scraped.
 */
export class RequestTimings {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: TimingSeries[] = [];
  private readonly bounds: readonly number[];

  constructor(options: { name: string; help: string; buckets: readonly number[] }, registry: Registry) {
    this.name = options.name;
    this.help = options.help;
    this.bounds = options.buckets;
    // prom-client renders any registered object with a name and `get()`; its types only list
    // its own metric classes.
    registry.registerMetric(this as unknown as Metric);
  }

  /** A new series for a route's hook to keep; made once per route, method and status. */
  series(method: string, route: string, status: number): TimingSeries {
    const series = new TimingSeries({ method, route, status_code: String(status) }, this.bounds);
    this.#series.push(series);
    return series;
  }

  /** The samples of every series, in prom-client's histogram shape (cumulative buckets, sum, count). */
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Sample[] }> {
    const values: Sample[] = [];
    for (const series of this.#series) {
      let cumulative = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += series.counts[i] as number;
        const le = i < this.bounds.length ? (this.bounds[i] as number) : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...series.labels }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: { ...series.labels }, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...series.labels }, value: series.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
