import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** Shown to signed-in people on a page they may not use (admin pages for non-admins). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="text-sm font-semibold text-red-700 dark:text-red-400">403</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t('forbidden.title')}</h1>
      <p className="max-w-md text-slate-700 dark:text-slate-300">{t('forbidden.body')}</p>
      <Link to="/" className={buttonClass('secondary')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
