import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `/nodes` (signed in): the frame of "Your Nodes"; the publisher and pack lists fill it. */
export function YourNodesPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('yourNodes.documentTitle');
  }, [t]);
  return (
    <div className="py-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t('nav.yourNodes')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('yourNodes.subtitle')}</p>
    </div>
  );
}
