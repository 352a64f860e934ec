import { act, renderHook } from '@testing-library/react';
import { ID_CHECK_DELAY_MS, useIdAvailability } from './use-id-availability';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('live publisher id check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing pauses, and only about the last id', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(new URL((input as Request).url).searchParams.get('username') ?? '');
      return json(200, { isAvailable: true });
    });
    const { result, rerender } = renderHook(({ id }) => useIdAvailability(id), { initialProps: { id: '' } });
    expect(result.current).toEqual({ state: 'empty' });
    rerender({ id: 'a' });
    rerender({ id: 'ac' });
    rerender({ id: 'acme' });
    expect(result.current).toEqual({ state: 'checking' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ID_CHECK_DELAY_MS);
    });
    expect(asked).toEqual(['acme']);
    expect(result.current).toEqual({ state: 'available' });
  });

  it("shows the server's reason when the id cannot be used", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, { message: 'Publisher ID already exists.', error: 'Bad Request' }),
    );
    const { result } = renderHook(() => useIdAvailability('taken'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ID_CHECK_DELAY_MS);
    });
    expect(result.current).toEqual({ state: 'unavailable', reason: 'Publisher ID already exists.' });
  });

  it('says the check failed (not that the id is taken) when the server cannot answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(503, { message: 'down', error: 'Service Unavailable' }));
    const { result } = renderHook(() => useIdAvailability('acme'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ID_CHECK_DELAY_MS);
    });
    expect(result.current).toEqual({ state: 'failed' });
  });
});
