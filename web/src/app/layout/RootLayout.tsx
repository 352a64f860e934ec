import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { analytics } from '../../lib/analytics-client';
import { isHeaderHidden } from '../header-visibility';
import { useSessionEffects } from '../session-effects';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Keeps <title> and the description translated. A layout effect runs before every page's own
 * (passive) effect, so a page that sets its own title always wins.
 */
function useDocumentText(pathname: string) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation starts from the default title
  useLayoutEffect(() => {
    document.title = t('app.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
  }, [t, pathname]);
}

/** The frame of every page: header (unless hidden on this path), main content, skip link. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentText(pathname);
  useSessionEffects();
  const showHeader = !isHeaderHidden(pathname);
  // A new page starts at the top and counts as a page view (PostHog's automatic ones are off).
  useEffect(() => {
    window.scrollTo(0, 0);
    analytics.track('$pageview', { path: pathname });
  }, [pathname]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-slate-900"
      >
        {t('nav.skipToContent')}
      </a>
      {showHeader ? <Header /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-screen-xl px-4 outline-none">
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
