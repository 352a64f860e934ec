import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useProfile } from '../../api/queries/profile';
import { buttonClass } from '../../components/ui/button';
import { BookIcon, ChatIcon, PlugIcon, PuzzleIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { useAuth } from '../../features/auth/hooks/useAuth';
import { docsUrlFor } from '../../lib/config';
import { fromUrlQuery } from '../../lib/from-url';
import { AvatarMenu } from './AvatarMenu';
import { LanguagePicker } from './LanguagePicker';
import { ThemeMenu } from './ThemeMenu';

/**
 * The top bar: home link, the missing-nodes resolver, setup for ComfyUI, documentation, Discord, theme, language, and
 * sign-in or the account menu.
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { status, user, hasToken } = useAuth();
  const profile = useProfile(status === 'signedIn' && hasToken);
  const back = fromUrlQuery(location.pathname + location.search + location.hash);
  return (
    <header className="border-b border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex max-w-screen-xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3"
      >
        <Link to="/" className="flex items-center gap-3 rounded-lg">
          <Logo />
          <span className="text-lg font-semibold tracking-tight">{t('app.headerTitle')}</span>
        </Link>
        <div className="flex flex-wrap items-center gap-1 sm:gap-2">
          <Link to="/resolve" className={buttonClass('ghost', 'sm')}>
            <PuzzleIcon />
            <span className="hidden sm:inline">{t('nav.resolve')}</span>
            <span className="sr-only sm:hidden">{t('nav.resolve')}</span>
          </Link>
          <Link to="/use-from-comfyui" className={buttonClass('ghost', 'sm')}>
            <PlugIcon />
            <span className="hidden md:inline">{t('nav.useFromComfyui')}</span>
            <span className="sr-only md:hidden">{t('nav.useFromComfyui')}</span>
          </Link>
          <a
            href={docsUrlFor(i18n.resolvedLanguage ?? 'en')}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('ghost', 'sm')}
          >
            <BookIcon />
            <span className="hidden sm:inline">{t('nav.documentation')}</span>
            <span className="sr-only sm:hidden">{t('nav.documentation')}</span>
          </a>
          <a href="/discord" className={buttonClass('ghost', 'icon')} aria-label={t('nav.discord')}>
            <ChatIcon />
          </a>
          <ThemeMenu />
          <LanguagePicker />
          {status === 'signedIn' && user ? (
            <AvatarMenu user={user} isAdmin={profile.data?.isAdmin === true} />
          ) : status === 'signedOut' ? (
            <>
              <Link to={`/auth/login?${back}`} className={buttonClass('secondary', 'sm')}>
                {t('nav.login')}
              </Link>
              <Link to={`/auth/signup?${back}`} className={buttonClass('primary', 'sm')}>
                {t('nav.signup')}
              </Link>
            </>
          ) : (
            <span
              aria-hidden="true"
              className="inline-block h-9 w-24 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
            />
          )}
        </div>
      </nav>
    </header>
  );
}
