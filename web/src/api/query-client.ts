import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import {
  CACHE_STORAGE_KEY,
  ONE_DAY_MS,
  PERSIST_THROTTLE_MS,
  STALE_TIME_MS,
  shouldPersistQuery,
  shouldRetry,
} from './cache-rules';

/** The app's query client with the cache rules of the spec (staleTime 0, gcTime 24 h, retry). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, gcTime: ONE_DAY_MS, retry: shouldRetry },
    },
  });
}

let paused = false;

/**
 * localStorage that ignores writes while persistence is paused, so a throttled save that fires
 * right after logout cannot put the old cache back.
 */
const pausableStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => {
    if (!paused) window.localStorage.setItem(key, value);
  },
  removeItem: (key) => window.localStorage.removeItem(key),
};

/** Stops saving the cache for a little longer than one throttle window. */
export function pausePersistence(): void {
  paused = true;
  setTimeout(() => {
    paused = false;
  }, PERSIST_THROTTLE_MS + 200);
}

/** Options for PersistQueryClientProvider: key, max age, build buster, throttle, no pending queries. */
export function persistOptions(
  buildId: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = pausableStorage,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage, key: CACHE_STORAGE_KEY, throttleTime: PERSIST_THROTTLE_MS }),
    maxAge: ONE_DAY_MS,
    buster: buildId,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}
