import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setIdentityToken } from '../../../api/identity-token';
import { UNCLAIMED_PUBLISHER_ID as unclaimed } from '../../../lib/catalogue/unclaimed';
import { ClaimPage } from './ClaimPage';

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Answers the calls the claim screen makes; `claim` decides the claim endpoint's answer. */
function fakeRegistry(claim: () => Response, accounts: string[] = ['credential', 'github']) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : null });
    if (path === '/nodes/hello') {
      return json({
        id: 'hello',
        name: 'Hello',
        repository: 'https://github.com/acme/hello',
        publisher: { id: unclaimed, name: 'Unclaimed' },
      });
    }
    if (path === '/users/publishers/') return json([{ id: 'acme', name: 'Acme', status: 'PublisherStatusActive' }]);
    if (path === '/auth/config') return json({ providers: [{ id: 'github', name: 'GitHub', type: 'social' }] });
    if (path === '/api/auth/list-accounts')
      return json(accounts.map((providerId, index) => ({ id: `account-${index}`, providerId })));
    if (path === '/api/auth/link-social') return json({ url: 'https://github.example/login', redirect: true });
    if (path === '/api/auth/get-access-token') return json({ accessToken: 'gho_secret' });
    if (path === '/publishers/acme/nodes/hello/claim-my-node') return claim();
    return json({ message: 'unexpected', error: path }, 500);
  });
  return calls;
}

function renderClaim() {
  const router = createMemoryRouter(
    [
      { path: '/nodes/:nodeId/claim', element: <ClaimPage /> },
      { path: '/nodes/:nodeId', element: <p>pack page</p> },
    ],
    { initialEntries: ['/nodes/hello/claim'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the claim screen', () => {
  beforeEach(() => setIdentityToken({ token: 'identity', expiresAt: Date.now() + 3_600_000 }));
  afterEach(() => {
    setIdentityToken(null);
    vi.restoreAllMocks();
  });

  it('claims with the linked GitHub token for the chosen publisher and lands on the pack', async () => {
    const calls = fakeRegistry(() => new Response(null, { status: 204 }));
    renderClaim();
    const claim = await screen.findByRole('button', { name: 'claim' });
    expect(await screen.findByRole('radio', { name: /acme/i })).toBeChecked();
    expect(await screen.findByText('github.linked')).toBeInTheDocument();
    await userEvent.click(claim);
    expect(await screen.findByText('pack page')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/claim-my-node'))).toEqual({
      method: 'POST',
      path: '/publishers/acme/nodes/hello/claim-my-node',
      body: { GH_TOKEN: 'gho_secret' },
    });
  });

  it('explains in words when GitHub says the account is not a repository admin', async () => {
    fakeRegistry(() =>
      json(
        {
          message:
            'GitHub user octo does not have admin permission on acme/hello; only repository administrators can claim this node',
          error: 'permission: write',
        },
        403,
      ),
    );
    renderClaim();
    await screen.findByText('github.linked');
    await userEvent.click(await screen.findByRole('button', { name: 'claim' }));
    expect(await screen.findByText('errors.notAdmin')).toBeInTheDocument();
    expect(screen.queryByText('pack page')).not.toBeInTheDocument();
  });

  it('without a linked GitHub account, offers to link it and comes back to this page', async () => {
    const calls = fakeRegistry(() => new Response(null, { status: 204 }), ['credential']);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://web.test/nodes/hello/claim', assign });
    renderClaim();
    expect(await screen.findByText('github.notLinked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'claim' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'github.link' }));
    expect(calls.find((c) => c.path === '/api/auth/link-social')?.body).toEqual({
      provider: 'github',
      callbackURL: 'http://web.test/nodes/hello/claim',
      errorCallbackURL: 'http://web.test/nodes/hello/claim',
    });
    expect(assign).toHaveBeenCalledWith('https://github.example/login');
    vi.unstubAllGlobals();
  });
});
