/** Limits and timing of translation-file reads. */
export interface LoaderOptions {
  /** Reads allowed in flight at once. */
  maxParallelReads: number;
  /** Further tries after the first failure. */
  maxRetries: number;
  /** Wait before the first retry; doubles before each later one. */
  retryDelayMs: number;
}

export const loaderDefaults: LoaderOptions = { maxParallelReads: 10, maxRetries: 5, retryDelayMs: 350 };

/** The waits before each retry: 350, 700, 1400, ... (one per retry). */
export function retryDelays(options: Pick<LoaderOptions, 'maxRetries' | 'retryDelayMs'> = loaderDefaults): number[] {
  return Array.from({ length: options.maxRetries }, (_, i) => options.retryDelayMs * 2 ** i);
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads translation files with at most `maxParallelReads` reads in flight; each failed read is
 * retried up to `maxRetries` times with a doubling delay, then the last error is thrown.
 */
export function createTranslationLoader<T>(
  read: (language: string, namespace: string) => Promise<T>,
  options: LoaderOptions = loaderDefaults,
  sleep: Sleep = realSleep,
): (language: string, namespace: string) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finished read hands its slot straight to the next waiting one, so the limit is never passed.
  const acquire = async () => {
    if (active < options.maxParallelReads) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const delays = retryDelays(options);
  const readOnce = async (language: string, namespace: string) => {
    await acquire();
    try {
      return await read(language, namespace);
    } finally {
      release();
    }
  };
  return async (language, namespace) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await readOnce(language, namespace);
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined) throw error;
        // The slot is free while waiting, so a failing file does not hold up the others.
        await sleep(delay);
      }
    }
  };
}
