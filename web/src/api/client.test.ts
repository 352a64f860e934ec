import { api, onApiWrite, setTokenSource } from './client';

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  afterEach(() => {
    setTokenSource(async () => null);
  });

  it('sends the identity token as a bearer token on every request', async () => {
    const seen: (string | null)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push((input as Request).headers.get('Authorization'));
      return ok({ id: 'u1', email: 'a@example.com', name: 'A', isAdmin: false, isApproved: true });
    });
    setTokenSource(async () => 'token-123');
    await api.GET('/users');
    setTokenSource(async () => null);
    await api.GET('/users');
    expect(seen).toEqual(['Bearer token-123', null]);
  });

  it('announces successful writes with the paths to invalidate', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({}));
    const events: string[][] = [];
    const stop = onApiWrite(({ paths }) => events.push(paths));
    await api.DELETE('/publishers/{publisherId}/tokens/{tokenId}', {
      params: { path: { publisherId: 'acme', tokenId: 't1' } },
    });
    await api.GET('/users');
    stop();
    expect(events).toEqual([['/publishers/acme/tokens/t1', '/publishers/acme/tokens']]);
  });
});
