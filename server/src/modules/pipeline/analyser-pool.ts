import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { rejectionText } from '../../engines/archive/rejections.js';
import type { AnalyzeArchive, ArchiveAnalysis, ArchiveLimits, ExpectedPackage } from '../../engines/archive/types.js';

/** What the pool sends a worker thread. */
export interface AnalysisRequest {
  zipPath: string;
  expected: ExpectedPackage;
  limits: ArchiveLimits;
}

/** What a worker thread answers. */
export type AnalysisReply = { ok: true; analysis: ArchiveAnalysis } | { ok: false; error: string };

interface Task extends AnalysisRequest {
  resolve(analysis: ArchiveAnalysis): void;
  reject(error: Error): void;
}

export interface AnalyserPoolOptions {
  /** Worker threads at most (one per concurrent job). */
  size: number;
  /** An analysis running longer is stopped (its thread is terminated) and fails. */
  timeoutMs: number;
  /** Idle threads exit after this long, giving their memory back (default 10 minutes). */
  idleMs?: number;
  /** Heap limit of each thread in MiB (V8 old generation); an analysis needing more fails for good. */
  maxMemoryMb?: number;
  /** The worker script; tests swap in their own. */
  script?: URL;
}

/**
 * An analysis stopped by one of its bounds (time or memory). The same archive would hit the same
 * bound again, so the pipeline refuses it with this message instead of retrying.
 */
export class AnalysisLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisLimitError';
  }
}

/**
 * Runs the archive analyser in long-lived worker threads. Analysis is seconds of synchronous
 * CPU for a large pack; on the main thread it would stall every HTTP answer of this process
 * meanwhile. A thread also bounds a runaway analysis: past `timeoutMs`, or past its heap limit,
 * it is terminated and the analysis fails with an `AnalysisLimitError`. Threads start on demand and stay warm between
 * jobs, since the parser's first load costs more than a typical analysis.
 */
export class AnalyserPool {
  readonly #idle: Worker[] = [];
  readonly #all = new Set<Worker>();
  readonly #queue: Task[] = [];
  readonly #idleTimers = new Map<Worker, NodeJS.Timeout>();

  constructor(private readonly options: AnalyserPoolOptions) {}

  /** The analyser, as the pipeline calls it. */
  readonly analyze: AnalyzeArchive = (zipPath, expected, limits) =>
    new Promise<ArchiveAnalysis>((resolve, reject) => {
      this.#queue.push({ zipPath, expected, limits, resolve, reject });
      this.#pump();
    });

  /** Stops every thread; queued analyses fail. */
  async close(): Promise<void> {
    for (const task of this.#queue.splice(0)) task.reject(new Error('the analyser pool was closed'));
    await Promise.all([...this.#all].map((w) => w.terminate()));
    this.#all.clear();
    this.#idle.length = 0;
  }

  #pump(): void {
    while (this.#queue.length > 0 && (this.#idle.length > 0 || this.#all.size < this.options.size)) {
      const worker = this.#idle.pop() ?? this.#spawn();
      const timer = this.#idleTimers.get(worker);
      if (timer) clearTimeout(timer);
      this.#idleTimers.delete(worker);
      const task = this.#queue.shift();
      if (task) this.#run(worker, task);
    }
  }

  #spawn(): Worker {
    const fromSource = import.meta.url.endsWith('.ts');
    const script =
      this.options.script ?? new URL(fromSource ? './analyser-worker.ts' : './analyser-worker.js', import.meta.url);
    const options = this.options.maxMemoryMb
      ? { resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb } }
      : {};
    const worker = script.pathname.endsWith('.ts') ? fromTypeScript(script, options) : new Worker(script, options);
    // Threads never keep the process alive on their own (shutdown closes the pool anyway).
    worker.unref();
    this.#all.add(worker);
    return worker;
  }

  #run(worker: Worker, task: Task): void {
    let settled = false;
    const settle = (outcome: { analysis: ArchiveAnalysis } | { error: Error }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) this.#release(worker);
      else this.#drop(worker);
      if ('analysis' in outcome) task.resolve(outcome.analysis);
      else task.reject(outcome.error);
      this.#pump();
    };
    const onMessage = (reply: AnalysisReply) =>
      settle(reply.ok ? { analysis: reply.analysis } : { error: new Error(reply.error) }, true);
    const onError = (error: Error & { code?: string }) =>
      settle(
        {
          error:
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new AnalysisLimitError(
                  rejectionText('archive.analysis_memory', { limit: this.options.maxMemoryMb ?? 0 }),
                )
              : error,
        },
        false,
      );
    const onExit = (code: number) =>
      settle({ error: new Error(`the analyser thread stopped (exit code ${code})`) }, false);
    const deadline = setTimeout(() => {
      const seconds = this.options.timeoutMs / 1000;
      const message = rejectionText('archive.analysis_timeout', { seconds });
      settle({ error: new AnalysisLimitError(message) }, false);
      void worker.terminate();
    }, this.options.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const request: AnalysisRequest = { zipPath: task.zipPath, expected: task.expected, limits: task.limits };
    worker.postMessage(request);
  }

  #release(worker: Worker): void {
    this.#idle.push(worker);
    const timer = setTimeout(() => {
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
      this.#drop(worker);
      void worker.terminate();
    }, this.options.idleMs ?? 600_000);
    timer.unref();
    this.#idleTimers.set(worker, timer);
  }

  #drop(worker: Worker): void {
    this.#all.delete(worker);
    const timer = this.#idleTimers.get(worker);
    if (timer) clearTimeout(timer);
    this.#idleTimers.delete(worker);
  }
}

/**
 * A worker running a TypeScript file (tests and `npm run dev` run the sources). Node 20 does not
 * apply `--import tsx` to a worker's entry module, so a tiny JavaScript entry registers tsx
 * first and then imports the real one. Built servers use the compiled `.js` directly.
 */
function fromTypeScript(script: URL, options: WorkerOptions): Worker {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const entry = `import { register } from ${JSON.stringify(tsxApi.href)}; register(); await import(${JSON.stringify(script.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), options);
}
