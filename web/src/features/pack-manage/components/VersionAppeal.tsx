import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postPublisherAppeal, publisherAppealQuery } from '../../../api/appeals';
import { AppealThread } from '../../../components/ui/appeal-thread';
import { Spinner } from '../../../components/ui/spinner';

interface VersionAppealProps {
  publisherId: string;
  nodeId: string;
  version: { id: string; version: string };
}

/** A held version's conversation with the reviewers, shown open: the publisher can answer at once. */
export function VersionAppeal({ publisherId, nodeId, version }: VersionAppealProps) {
  const { t } = useTranslation('pack-manage');
  const thread = useQuery(publisherAppealQuery(publisherId, nodeId, version.id));
  if (thread.isPending) return <Spinner label={t('loading')} />;
  if (thread.isError) return <p className="text-sm text-red-700 dark:text-red-300">{t('appeal.loadFailed')}</p>;
  return (
    <AppealThread
      thread={thread.data}
      side="publisher"
      onSend={async (body) => {
        await postPublisherAppeal(publisherId, nodeId, version.id, body);
        await thread.refetch();
      }}
    />
  );
}

/** A decided version's conversation, loaded when the publisher opens it (the decision is in it). */
export function DecidedAppeal(props: VersionAppealProps) {
  const { t } = useTranslation('pack-manage');
  const [open, setOpen] = useState(false);
  return (
    <details className="min-w-0 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-600 underline underline-offset-2 dark:text-brand-100">
        {t('appeal.show', { version: props.version.version })}
      </summary>
      {open ? (
        <div className="mt-2">
          <VersionAppeal {...props} />
        </div>
      ) : null}
    </details>
  );
}
