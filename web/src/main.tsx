import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './i18n';
import './index.css';

const queryClient = createQueryClient();
const router = createRouter();

/** Loads the interface language first, then renders the app. */
async function start() {
  await initI18n().catch((error: unknown) => console.error('[i18n] translations failed to load', error));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
