import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { LanguagePicker } from './LanguagePicker';
import { ThemeMenu } from './ThemeMenu';

/** Sign-in screens: no header, the logo home link and the language and theme menus on top. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex items-center justify-between py-4">
        <Link to="/" className="flex items-center gap-3 rounded-lg" aria-label={t('nav.home')}>
          <Logo />
          <span className="text-lg font-semibold tracking-tight" aria-hidden="true">
            {t('app.headerTitle')}
          </span>
        </Link>
        <div className="flex items-center gap-1">
          <ThemeMenu />
          <LanguagePicker />
        </div>
      </div>
      <div className="flex flex-1 items-start justify-center pb-16 pt-4 sm:items-center">
        <Outlet />
      </div>
    </div>
  );
}
