import { type Percentiles, percentiles } from './percentiles.js';

export interface HttpProbe {
  /** Time inside the server (its `Server-Timing: app;dur=` header), every sample. */
  server: Percentiles;
  /**
   * The same over each search's fastest pass: what the search itself costs, without the pauses
   * other processes on a shared machine inflict on any single sample.
   */
  serverBestOfPasses: Percentiles;
  /** Of which: matching and ordering (`search;dur=`), loading the page's rows (`load;dur=`). */
  search: Percentiles;
  load: Percentiles;
  /** Round trip seen by the client over one keep-alive connection. */
  roundTrip: Percentiles;
  /** Answers other than 200. */
  failures: number;
}

/** Asks every path `rounds` times, one request at a time, after one warm-up pass. */
export async function probeHttp(url: string, paths: readonly string[], rounds: number): Promise<HttpProbe> {
  for (const path of paths) await (await fetch(url + path)).arrayBuffer();
  const server: number[] = [];
  const best = paths.map(() => Number.POSITIVE_INFINITY);
  const search: number[] = [];
  const load: number[] = [];
  const roundTrip: number[] = [];
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [i, path] of paths.entries()) {
      const began = performance.now();
      const response = await fetch(url + path);
      await response.arrayBuffer();
      roundTrip.push(performance.now() - began);
      if (response.status !== 200) failures += 1;
      const timing = response.headers.get('server-timing') ?? '';
      const part = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);
      server.push(part('app'));
      best[i] = Math.min(best[i] as number, part('app'));
      search.push(part('search'));
      load.push(part('load'));
    }
  }
  return {
    server: percentiles(server),
    serverBestOfPasses: percentiles(best),
    search: percentiles(search),
    load: percentiles(load),
    roundTrip: percentiles(roundTrip),
    failures,
  };
}
