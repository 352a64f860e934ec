import { type Percentiles, percentiles } from './percentiles.js';

export interface HttpProbe {
  /** Time inside the server (its `Server-Timing: app;dur=` header). */
  server: Percentiles;
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
  const search: number[] = [];
  const load: number[] = [];
  const roundTrip: number[] = [];
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const began = performance.now();
      const response = await fetch(url + path);
      await response.arrayBuffer();
      roundTrip.push(performance.now() - began);
      if (response.status !== 200) failures += 1;
      const timing = response.headers.get('server-timing') ?? '';
      const part = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);
      server.push(part('app'));
      search.push(part('search'));
      load.push(part('load'));
    }
  }
  return {
    server: percentiles(server),
    search: percentiles(search),
    load: percentiles(load),
    roundTrip: percentiles(roundTrip),
    failures,
  };
}
