import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { NS } from './admin-page';

/** Loading, error and empty states of a list; renders the list otherwise. */
export function ListState({
  isPending,
  isError,
  empty,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  if (isPending) return <Spinner label={t('loading')} className="mt-4" />;
  if (isError) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <Alert tone="error">{t('loadError')}</Alert>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (empty) return <p className="mt-4 text-slate-700 dark:text-slate-300">{t('empty')}</p>;
  return <>{children}</>;
}
