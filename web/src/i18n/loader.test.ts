import { createTranslationLoader, retryDelays } from './loader';

it('waits 350 ms before the first retry and doubles each time, 5 retries', () => {
  expect(retryDelays()).toEqual([350, 700, 1400, 2800, 5600]);
});

it('retries a failing read with the doubling delays, then gives up', async () => {
  const waits: number[] = [];
  let calls = 0;
  const load = createTranslationLoader(
    async () => {
      calls += 1;
      throw new Error('offline');
    },
    undefined,
    async (ms) => void waits.push(ms),
  );
  await expect(load('fr', 'common')).rejects.toThrow('offline');
  expect(calls).toBe(6);
  expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
});

it('succeeds as soon as a retry works', async () => {
  const waits: number[] = [];
  let calls = 0;
  const load = createTranslationLoader(
    async () => {
      calls += 1;
      if (calls < 3) throw new Error('flaky');
      return { ok: true };
    },
    undefined,
    async (ms) => void waits.push(ms),
  );
  await expect(load('ja', 'common')).resolves.toEqual({ ok: true });
  expect(waits).toEqual([350, 700]);
});

it('keeps at most 10 reads in flight', async () => {
  let inFlight = 0;
  let peak = 0;
  const release: (() => void)[] = [];
  const load = createTranslationLoader(async (language) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise<void>((resolve) => release.push(resolve));
    inFlight -= 1;
    return language;
  });
  let done = false;
  const all = Promise.all(Array.from({ length: 25 }, (_, i) => load(`l${i}`, 'common'))).finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const finish of release.splice(0)) finish();
  }
  const results = await all;
  expect(results).toHaveLength(25);
  expect(peak).toBe(10);
});
