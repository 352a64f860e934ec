import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** When a screen fails to load or crashes (a new deployment removed its file, say): offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="max-w-md text-slate-700 dark:text-slate-300">{t('routeError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </div>
  );
}
