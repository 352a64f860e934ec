import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState as SharedListState } from '../../../components/ui/list-state';
import { NS } from './admin-page';

/** An admin list's loading, error and empty states, in the admin pages' words. */
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
  return (
    <SharedListState
      isPending={isPending}
      failure={isError ? t('loadError') : null}
      empty={empty}
      text={{ loading: t('loading'), empty: t('empty'), retry: t('retry') }}
      onRetry={onRetry}
    >
      {children}
    </SharedListState>
  );
}
