import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { onApiWrite, setTokenSource } from '../api/client';
import { keyFor } from '../api/keys';
import { persistOptions } from '../api/query-client';
import { currentBearerToken } from '../features/auth/hooks/token-refresh';
import { config } from '../lib/config';
import { requestToaster, useToasterWanted } from '../lib/toast';

setTokenSource(currentBearerToken);

const Toasts = lazy(() => import('./Toasts'));

/** Invalidates cached queries for the paths a successful write touched. */
function useWriteInvalidation(queryClient: QueryClient) {
  useEffect(
    () =>
      onApiWrite(({ paths }) => {
        for (const path of paths) void queryClient.invalidateQueries({ queryKey: keyFor(path) });
      }),
    [queryClient],
  );
}

/** Mounts the toast area on the first toast, or once the browser is idle after start. */
function LazyToasts() {
  const wanted = useToasterWanted();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(() => requestToaster());
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Query cache (restored from and saved to local storage) and toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useWriteInvalidation(queryClient);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(config.buildId)}>
      {children}
      <LazyToasts />
    </PersistQueryClientProvider>
  );
}
