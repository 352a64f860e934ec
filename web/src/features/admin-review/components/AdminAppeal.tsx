import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminAppealQuery, postAdminAppeal } from '../../../api/appeals';
import { Alert } from '../../../components/ui/alert';
import { AppealThread } from '../../../components/ui/appeal-thread';
import { Spinner } from '../../../components/ui/spinner';

/** The version's conversation with its publisher; the administrator answers here. */
export function AdminAppeal({ nodeId, version }: { nodeId: string; version: string }) {
  const { t } = useTranslation('admin');
  const thread = useQuery(adminAppealQuery(nodeId, version));
  if (thread.isPending) return <Spinner label={t('review.appeal.loading')} />;
  if (thread.isError) return <Alert tone="error">{t('review.appeal.error')}</Alert>;
  return (
    <AppealThread
      thread={thread.data}
      side="admin"
      onSend={async (body) => {
        await postAdminAppeal(nodeId, version, body);
        await thread.refetch();
      }}
    />
  );
}
