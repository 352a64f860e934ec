import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../api/queries/profile';
import { PageSpinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/hooks/useAuth';
import { ForbiddenPage } from '../features/errors/components/ForbiddenPage';
import { fromUrlQuery } from '../lib/from-url';

/** Sends signed-out visitors to login with `fromUrl` = this page, so they come back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label={t('common.loading')} />;
  if (status === 'signedOut') {
    const here = location.pathname + location.search + location.hash;
    return <Navigate to={`/auth/login?${fromUrlQuery(here)}`} replace />;
  }
  return <>{children}</>;
}

/** Admins only: others signed in see a translated 403 page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>{children}</AdminOnly>
    </RequireAuth>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { hasToken } = useAuth();
  const profile = useProfile(hasToken);
  if (profile.data?.isAdmin) return <>{children}</>;
  if (profile.isError || profile.data) return <ForbiddenPage />;
  return <PageSpinner label={t('common.loading')} />;
}
