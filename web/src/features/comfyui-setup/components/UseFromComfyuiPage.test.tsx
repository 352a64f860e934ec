import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setupCommands } from '../lib/commands';

/** The page as served by an instance whose runtime config names `apiUrl`. */
async function renderFor(apiUrl: string) {
  vi.resetModules();
  window.__REGISTRY__ = { apiUrl };
  const { UseFromComfyuiPage } = await import('./UseFromComfyuiPage');
  const router = createMemoryRouter([{ path: '/use-from-comfyui', element: <UseFromComfyuiPage /> }], {
    initialEntries: ['/use-from-comfyui'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  delete window.__REGISTRY__;
});

describe('the "Use this registry from ComfyUI" page', () => {
  it("shows this instance's API address in every command and links the connector download", async () => {
    await renderFor('https://api.registry.example.org/');
    expect(screen.getByTestId('api-address')).toHaveTextContent(/^https:\/\/api\.registry\.example\.org$/);
    expect(screen.getByText('COMFY_REGISTRY_URL=https://api.registry.example.org')).toBeInTheDocument();
    expect(
      screen.getByText('socat TCP-LISTEN:8080,bind=127.0.0.1,reuseaddr,fork OPENSSL:api.registry.example.org:443'),
    ).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'manager.download' });
    expect(download).toHaveAttribute('href', '/clients/comfyui-connector.zip');
    expect(download).toHaveAttribute('download');
    // Served over https, so there is no warning about calls from a ComfyUI opened over https.
    expect(screen.queryByText('frontend.mixedContent')).not.toBeInTheDocument();
    // No ComfyUI option moves the front end's registry address: the section gives no command, it
    // points to the connector, whose extension moves those calls.
    const frontend = screen.getByRole('region', { name: 'frontend.title' });
    expect(within(frontend).queryByRole('button')).not.toBeInTheDocument();
    expect(within(frontend).getByText('frontend.body')).toBeInTheDocument();
  });

  it('warns about ComfyUI opened over https when the instance is served over plain http', async () => {
    await renderFor('http://10.0.0.5:8080');
    expect(screen.getByTestId('api-address')).toHaveTextContent('http://10.0.0.5:8080');
    expect(screen.getByText('frontend.mixedContent')).toBeInTheDocument();
    expect(
      screen.getByText('socat TCP-LISTEN:8080,bind=127.0.0.1,reuseaddr,fork TCP:10.0.0.5:8080'),
    ).toBeInTheDocument();
  });
});

describe('setupCommands', () => {
  it('uses the default port of the scheme when the address names none', () => {
    expect(setupCommands('http://registry.lan').forward).toBe(
      'socat TCP-LISTEN:8080,bind=127.0.0.1,reuseaddr,fork TCP:registry.lan:80',
    );
    expect(setupCommands('https://registry.lan:8443').forward).toBe(
      'socat TCP-LISTEN:8080,bind=127.0.0.1,reuseaddr,fork OPENSSL:registry.lan:8443',
    );
  });
});
