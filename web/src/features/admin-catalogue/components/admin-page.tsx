import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NS = 'admin-catalogue';

/** The page frame every admin catalogue screen shares: back link, title, optional intro. */
export function AdminPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(NS);
  useEffect(() => {
    document.title = t('documentTitle', { title });
  }, [t, title]);
  return (
    <div className="mx-auto min-w-0 max-w-5xl py-6">
      <Link
        to="/admin"
        className="text-sm text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-100"
      >
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ←
        </span>{' '}
        {t('backToAdmin')}
      </Link>
      <h1 dir="auto" className="mt-3 break-words text-start text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {intro ? <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
