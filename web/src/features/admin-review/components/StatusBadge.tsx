import { useTranslation } from 'react-i18next';
import type { VersionStatus } from '../lib/queue-params';

const tones: Record<VersionStatus, string> = {
  NodeVersionStatusActive: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  NodeVersionStatusPending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  NodeVersionStatusFlagged: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  NodeVersionStatusBanned: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  NodeVersionStatusDeleted: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

/** A version status as a coloured, translated pill. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  const known = status in tones ? (status as VersionStatus) : null;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${known ? tones[known] : tones.NodeVersionStatusDeleted}`}
    >
      {known ? t(`status.${known}`) : status}
    </span>
  );
}
