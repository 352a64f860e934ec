/**
 * The contract between the benchmark runner and its suites. A suite is a file
 * `bench/src/suites/<name>.ts` whose default export is a `BenchSuite`; the runner finds it by
 * file name, so adding a suite touches no shared file. See docs/benchmarks.md.
 */

/** One line of a suite's results table. */
export interface BenchRow {
  /** What was measured, e.g. `GET /nodes?page=N&limit=30`. */
  name: string;
  /**
   * Column → value, in display order. Numbers are printed as they are (round them first);
   * undefined leaves the cell empty.
   */
  values: Record<string, string | number | undefined>;
  /** The goal this row is held to, if any, and whether this run met it. */
  target?: { goal: string; met: boolean };
}

export interface BenchSuite {
  /** Same as the file name; used by `--suite` and as the RESULTS.md section key. */
  name: string;
  /** Heading in RESULTS.md. */
  title: string;
  /** One paragraph under the heading: what the suite measures and on what data. */
  description: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

/** Options the runner was started with. */
export interface BenchOptions {
  /** Seconds of load per measured endpoint. */
  durationSeconds: number;
  /** Concurrent connections of the load generator. */
  connections: number;
  /** Smaller data and shorter runs, for checking a suite works (results are not written). */
  quick: boolean;
  /** Length of the reliability suite's soak (`--soak-seconds`); the suite's default when absent. */
  soakSeconds?: number;
  /** The load generator for reads (`--generator`): wrk where installed, else autocannon. */
  generator: LoadGenerator;
}

export type LoadGenerator = 'wrk' | 'autocannon';

/** A registry server started for a suite (built `server/dist/main.js` as a child process). */
export interface RegistryProcess {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234`. */
  url: string;
  pid: number;
  dataDir: string;
  /** Resident memory now, in MiB. */
  rssMiB(): number;
  /** Highest resident memory so far, in MiB. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** What one command of the `registry` CLI did. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time including process start-up. */
  ms: number;
}

export interface LoadOptions {
  /** Base URL, e.g. a `RegistryProcess.url`. */
  url: string;
  /** Paths requested in turn (all connections share one rotation). */
  paths: string[];
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  durationSeconds?: number;
  connections?: number;
}

/** The load generator's summary. Latencies in milliseconds. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers outside 2xx/3xx. */
  non2xx: number;
}

/** A canned answer of the ceiling server. */
export interface CannedResponse {
  path: string;
  status: number;
  contentType: string;
  /** The body, gzip-compressed when `gzip` is set. */
  body: Buffer;
  gzip?: boolean;
}

/** A bare `node:http` server answering precomputed bytes: the best any Node server could do. */
export interface CeilingServer {
  url: string;
  stop(): Promise<void>;
}

/** Everything a suite may use. Resources it starts are also stopped by the runner at the end. */
export interface BenchContext {
  /** Repository root. */
  root: string;
  /** The ComfyUI-Manager data files (read in place, never copied). */
  managerData: { nodes: string; nodeMap: string; stats: string };
  options: BenchOptions;
  /** Progress line on standard error. */
  log(message: string): void;
  /** A sentence printed under the suite's table in RESULTS.md. */
  note(text: string): void;
  /** A fresh temporary folder, removed when the run ends. */
  tempDir(label: string): string;
  /** Runs `registry <args>` (the built CLI) against a data folder. */
  cli(args: string[], options: { dataDir: string; env?: Record<string, string> }): Promise<CliResult>;
  /** Starts the built server on free ports over `dataDir` and waits until it answers. */
  startRegistry(options: { dataDir: string; env?: Record<string, string> }): Promise<RegistryProcess>;
  /** Loads a URL with autocannon. */
  load(options: LoadOptions): Promise<LoadResult>;
  /**
   * Fetches each path once from `url` and starts a ceiling server answering those bytes;
   * `gzip` also has it answer them gzip-compressed to clients that accept it, as the registry does.
   */
  ceilingFor(url: string, paths: string[], options?: { gzip?: boolean }): Promise<CeilingServer>;
}
