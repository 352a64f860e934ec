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

/** A header link that is a square icon on a phone and shows its words from the small breakpoint on. */
const ICON_ON_PHONE = `${buttonClass('ghost', 'icon')} sm:w-auto sm:px-3`;

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
        className="mx-auto flex max-w-screen-xl flex-wrap items-start justify-between gap-x-2 gap-y-2 px-3 py-3 sm:gap-x-3 sm:px-4"
      >
        <Link to="/" className="flex shrink-0 items-center gap-3 rounded-lg">
          <Logo />
          {/* On a phone the logo alone leads home, so the whole header fits one row (the name stays for screen readers). */}
          <span className="sr-only text-lg font-semibold tracking-tight sm:not-sr-only">{t('app.headerTitle')}</span>
        </Link>
        {/* Beside the logo, wrapping from the end: on a phone the icons stay on the logo's row and
            Login and Signup, which wrap together, take at most one row below it. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-1 sm:gap-2">
          <Link to="/resolve" className={ICON_ON_PHONE}>
            <PuzzleIcon />
            <span className="hidden sm:inline">{t('nav.resolve')}</span>
            <span className="sr-only sm:hidden">{t('nav.resolve')}</span>
          </Link>
          {/* The footer links it too, so a phone's header leaves it out. */}
          <Link to="/use-from-comfyui" className={`${ICON_ON_PHONE} max-sm:hidden`}>
            <PlugIcon />
            <span className="hidden md:inline">{t('nav.useFromComfyui')}</span>
            <span className="sr-only md:hidden">{t('nav.useFromComfyui')}</span>
          </Link>
          <a
            href={docsUrlFor(i18n.resolvedLanguage ?? 'en')}
            target="_blank"
            rel="noopener noreferrer"
            className={ICON_ON_PHONE}
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
            <div className="flex items-center gap-1 sm:gap-2">
              <Link to={`/auth/login?${back}`} className={buttonClass('secondary', 'sm')}>
                {t('nav.login')}
              </Link>
              <Link to={`/auth/signup?${back}`} className={buttonClass('primary', 'sm')}>
                {t('nav.signup')}
              </Link>
            </div>
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
