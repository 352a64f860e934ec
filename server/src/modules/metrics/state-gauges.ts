import { Counter, Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import { countActiveJobs } from '../../engines/jobs/repository.js';
import { catalogueWatermark } from '../catalogue/changes.js';
import { catalogueCache } from '../nodes/cache/catalogue-cache.js';

/**
 * Gauges read at scrape time from what the process already keeps (search index, response cache,
 * connection pool) or from the database (the job queue), so serving requests costs nothing extra.
 */
export function registerStateGauges(ctx: AppContext, registry: Registry): void {
  const registers = [registry];

  new Gauge({
    name: 'registry_jobs',
    help: 'Background jobs waiting (queued) and running, by kind, across every instance sharing the database.',
    labelNames: ['kind', 'status'],
    registers,
    async collect() {
      this.reset();
      for (const row of await countActiveJobs(ctx.db)) this.labels(row.kind, row.status).set(row.count);
    },
  });

  new Gauge({
    name: 'registry_search_index_packs',
    help: 'Packs in this process’s search index.',
    registers,
    collect() {
      this.set(ctx.search.stats().packs);
    },
  });
  new Gauge({
    name: 'registry_search_index_built',
    help: '1 once the search index holds the whole catalogue, 0 while it is still being built.',
    registers,
    collect() {
      this.set(ctx.search.stats().built ? 1 : 0);
    },
  });
  new Gauge({
    name: 'registry_search_index_lag_changes',
    help: 'Catalogue changes written to the database that the search index has not applied yet.',
    registers,
    async collect() {
      const stats = ctx.search.stats();
      const latest = await catalogueWatermark(ctx.db);
      this.set(stats.built ? Math.max(0, latest - stats.watermark) : latest);
    },
  });

  new Counter({
    name: 'registry_catalogue_cache_lookups_total',
    help: 'Catalogue reads answered from the response cache (hit) or built from the database (miss).',
    labelNames: ['result'],
    registers,
    collect() {
      // The cache counts for itself; the counter only mirrors its figures at scrape time.
      const { hits, misses } = catalogueCache(ctx).lookups;
      this.reset();
      this.labels('hit').inc(hits);
      this.labels('miss').inc(misses);
    },
  });
  new Gauge({
    name: 'registry_catalogue_cache_bytes',
    help: 'Bytes of serialized answers the catalogue response cache holds.',
    registers,
    collect() {
      this.set(catalogueCache(ctx).size.bytes);
    },
  });

  // SQLite has a single connection inside the process and no pool, so these exist on PostgreSQL only.
  if (ctx.poolUse() !== null) {
    new Gauge({
      name: 'registry_db_pool_connections',
      help: 'PostgreSQL connections of this process’s pool, by state (idle, in_use).',
      labelNames: ['state'],
      registers,
      collect() {
        const use = ctx.poolUse();
        if (!use) return;
        this.labels('idle').set(use.idle);
        this.labels('in_use').set(use.total - use.idle);
      },
    });
    new Gauge({
      name: 'registry_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection.',
      registers,
      collect() {
        this.set(ctx.poolUse()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'registry_db_pool_max',
      help: 'Largest number of PostgreSQL connections this process opens (DATABASE_POOL_SIZE).',
      registers,
      collect() {
        this.set(ctx.poolUse()?.max ?? 0);
      },
    });
  }
}
