import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider: navigations with `flushSync` (logout) commit before they resolve.
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './i18n';
import './index.css';

const queryClient = createQueryClient();
const router = createRouter();

/** Makes `#root` interactive once the app's first commit has replaced the server's markup. */
function LiftInert({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}

/** Resolves once the router has loaded the first route's module. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Loads the interface language and the first route's module, then renders the app. Shared pages
 * arrive with their first screen rendered on the server (server/src/modules/web/first-screen.ts);
 * that markup is inert until React replaces it with its own in its first commit. That commit must
 * wait for the route: an earlier one would blank the page while the route's module loads.
 */
async function start() {
  await Promise.all([
    initI18n().catch((error: unknown) => console.error('[i18n] translations failed to load', error)),
    routerReady(),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <LiftInert container={root} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
