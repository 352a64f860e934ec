import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider: navigations with `flushSync` (logout) commit before they resolve.
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './i18n';
import { readThemeMode, shareThemeWithServer } from './lib/theme';
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
 *
 * Over server markup the first render is a transition, so React works in slices instead of one
 * long task. The browser can then paint the server's screen and take note of having shown it
 * meanwhile; in one long task, that note would only be read after the commit had already removed
 * the markup, and Chromium drops paint records of removed elements, so the page's largest paint
 * would count from the app's copy instead.
 */
async function start() {
  // A mode chosen before the cookie existed reaches the web listener too, and so survives logout.
  shareThemeWithServer(readThemeMode());
  await Promise.all([
    initI18n().catch((error: unknown) => console.error('[i18n] translations failed to load', error)),
    routerReady(),
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
          <LiftInert container={container} />
        </AppProviders>
      </StrictMode>,
    );
  if (container.hasChildNodes()) startTransition(render);
  else render();
}

void start();
