import { CACHE_STORAGE_KEY, ONE_DAY_MS } from './cache-rules';
import { createQueryClient, persistOptions } from './query-client';

it('creates queries with staleTime 0, gcTime 24 h and the retry rule', () => {
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.staleTime).toBe(0);
  expect(defaults?.gcTime).toBe(86_400_000);
  expect(typeof defaults?.retry).toBe('function');
});

it('persists under comfy-registry-cache for 24 h, busted by the build id, without pending queries', () => {
  const options = persistOptions('build-42');
  expect(options.maxAge).toBe(ONE_DAY_MS);
  expect(options.buster).toBe('build-42');
  const shouldDehydrate = options.dehydrateOptions?.shouldDehydrateQuery;
  expect(shouldDehydrate).toBeDefined();
  expect(CACHE_STORAGE_KEY).toBe('comfy-registry-cache');
});

it('saves at most once per second, to the comfy-registry-cache key', async () => {
  vi.useFakeTimers();
  const writes: string[] = [];
  const storage = { getItem: () => null, setItem: (key: string) => void writes.push(key), removeItem: () => {} };
  const { persister } = persistOptions('b', storage);
  const client = { timestamp: 1, buster: 'b', clientState: { queries: [], mutations: [] } };
  void persister.persistClient(client);
  void persister.persistClient(client);
  void persister.persistClient(client);
  expect(writes).toEqual([]);
  await vi.advanceTimersByTimeAsync(999);
  expect(writes).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(writes).toEqual(['comfy-registry-cache']);
  vi.useRealTimers();
});
