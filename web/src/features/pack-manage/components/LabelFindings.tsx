import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyFor } from '../../../api/keys';
import { Spinner } from '../../../components/ui/spinner';
import { getProcessing } from '../api/pack-manage';
import { FindingsList } from './FindingsList';

interface LabelFindingsProps {
  publisherId: string;
  nodeId: string;
  version: { id: string; version: string };
}

/**
 * The findings behind a version's labels, for its publisher: which code made the checks label
 * the version, where it runs and the matched excerpt. Loaded when the publisher opens it.
 */
export function LabelFindings({ publisherId, nodeId, version }: LabelFindingsProps) {
  const { t } = useTranslation('pack-manage');
  const [open, setOpen] = useState(false);
  return (
    <details className="min-w-0 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-brand-600 underline underline-offset-2 dark:text-brand-100">
        {t('versions.labelFindings', { version: version.version })}
      </summary>
      {open ? <LabelFindingsBody publisherId={publisherId} nodeId={nodeId} version={version} /> : null}
    </details>
  );
}

function LabelFindingsBody({ publisherId, nodeId, version }: LabelFindingsProps) {
  const { t } = useTranslation('pack-manage');
  const processing = useQuery({
    queryKey: keyFor('pack-manage/label-findings', publisherId, nodeId, version.id),
    queryFn: ({ signal }) => getProcessing(publisherId, nodeId, version.id, signal),
  });
  if (processing.isPending) return <Spinner label={t('loading')} className="mt-2" />;
  if (processing.isError)
    return <p className="mt-2 text-red-700 dark:text-red-300">{t('versions.labelFindingsFailed')}</p>;
  const findings = (processing.data.findings ?? []).filter((f) => f.grade === 'label' && f.label);
  return (
    <div className="mt-2">
      <FindingsList findings={findings} source={{ nodeId, version: version.version }} />
    </div>
  );
}
