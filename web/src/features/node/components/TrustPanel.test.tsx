import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { TrustPanel } from './TrustPanel';

const node = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../public/locales/en/node.json'), 'utf8'));

it('says a version came from a trusted publisher, with its repository, workflow, commit and run', async () => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          node_id: 'hello',
          version: '1.0.0',
          status: 'NodeVersionStatusActive',
          published_at: '2026-11-29T10:00:00.000Z',
          archive: null,
          published: {
            via: 'trusted_publisher',
            issuer: 'https://token.actions.githubusercontent.com',
            repository: 'acme/hello',
            workflow: '.github/workflows/publish.yml',
            environment: '',
            commit: 'a3f5c1d2e4b6a8c0d2e4f6a8b0c2d4e6f8a0b2c4',
            run_id: '9876543210',
            run_attempt: '2',
            ref: 'refs/heads/main',
          },
          hold_reason: '',
          scan: { labels: [], findings: [] },
          decisions: [],
          custody: [],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { node } },
    defaultNS: 'node',
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TrustPanel nodeId="hello" version="1.0.0" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  expect(
    await screen.findByText(
      'Trusted publisher: acme/hello, workflow .github/workflows/publish.yml, commit a3f5c1d2e4b6, run 9876543210 #2',
    ),
  ).toBeVisible();
});
