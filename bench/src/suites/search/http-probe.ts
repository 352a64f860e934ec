import { type Percentiles, percentiles } from './percentiles.js';

export interface HttpProbe {
  /**
   * Time inside the server (its `Server-Timing: app;dur=` header) the first time each search is
   * asked, so built rather than taken from the answer cache.
   */
  cold: Percentiles;
  /** The same searches asked again: answered from the cache while the catalogue is unchanged. */
  cached: Percentiles;
  /** Of the cold time: matching and ordering (`search;dur=`), loading the page's rows (`load;dur=`). */
  search: Percentiles;
  load: Percentiles;
  /** Round trip seen by the client over one keep-alive connection, cold. */
  roundTrip: Percentiles;
  /** Answers other than 200. */
  failures: number;
}

/**
 * Asks every path once uncached, then `rounds - 1` more times, one request at a time. A warm-up
 * pass first asks every search with another page size (19 instead of 20) (its own cache entry), so the code is warm
 * but the measured answers are not cached yet.
 */
export async function probeHttp(url: string, paths: readonly string[], rounds: number): Promise<HttpProbe> {
  for (const path of paths) await (await fetch(url + path.replace('limit=20', 'limit=19'))).arrayBuffer();
  const cold: number[] = [];
  const cached: number[] = [];
  const search: number[] = [];
  const load: number[] = [];
  const roundTrip: number[] = [];
  let failures = 0;
  for (let round = 0; round < Math.max(2, rounds); round++) {
    for (const path of paths) {
      const began = performance.now();
      const response = await fetch(url + path);
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
      const timing = response.headers.get('server-timing') ?? '';
      const part = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);
      if (round > 0) {
        cached.push(part('app'));
        continue;
      }
      roundTrip.push(performance.now() - began);
      cold.push(part('app'));
      search.push(part('search'));
      load.push(part('load'));
    }
  }
  return {
    cold: percentiles(cold),
    cached: percentiles(cached),
    search: percentiles(search),
    load: percentiles(load),
    roundTrip: percentiles(roundTrip),
    failures,
  };
}
