import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProviderButtons } from './ProviderButtons';

it('offers each enabled provider and starts social or OpenID Connect sign-in with the return path', async () => {
  const bodies: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    bodies.push({ url: request.url, body: await request.json() });
    return new Response(JSON.stringify({ url: 'https://provider.example/authorize', redirect: true }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://web.test', assign });
  render(
    <ProviderButtons
      providers={[
        { id: 'github', name: 'GitHub', type: 'social' },
        { id: 'oidc', name: 'Company SSO', type: 'oidc' },
      ]}
      returnTo="/nodes"
    />,
  );
  const buttons = screen.getAllByRole('button');
  expect(buttons).toHaveLength(2);
  await userEvent.click(buttons[1] as HTMLElement);
  expect(bodies[0]?.url).toMatch(/\/api\/auth\/sign-in\/oauth2$/);
  expect(bodies[0]?.body).toEqual({
    providerId: 'oidc',
    callbackURL: 'http://web.test/nodes',
    errorCallbackURL: 'http://web.test/auth/login?fromUrl=%2Fnodes',
  });
  expect(assign).toHaveBeenCalledWith('https://provider.example/authorize');
  vi.unstubAllGlobals();
});

it('renders nothing when no provider is enabled', () => {
  const { container } = render(<ProviderButtons providers={[]} returnTo="/nodes" />);
  expect(container).toBeEmptyDOMElement();
});
