import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `/admin` (admins): the frame of the Admin Dashboard; moderation screens fill it. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('admin.documentTitle');
  }, [t]);
  return (
    <div className="py-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t('nav.adminDashboard')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('admin.subtitle')}</p>
    </div>
  );
}
