import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** Any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('notFound.documentTitle');
  }, [t]);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-100">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700 dark:text-slate-300">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
