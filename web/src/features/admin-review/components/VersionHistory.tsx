import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { DATE_TIME, formatDate } from '../../../lib/format';
import { useVersionHistory } from '../api/version-history';
import { ReasonText } from './ReasonText';
import { StatusBadge } from './StatusBadge';

/** Every status change of a version, oldest first, with who made it; undo of the latest. */
export function VersionHistory({
  nodeId,
  version,
  onUndo,
  undoing,
}: {
  nodeId: string;
  version: string;
  onUndo: () => void;
  undoing: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const history = useVersionHistory(nodeId, version, true);
  const language = i18n.resolvedLanguage ?? 'en';
  if (history.isPending) return <Spinner label={t('review.history.loading')} />;
  if (history.isError) return <Alert tone="error">{t('review.history.error')}</Alert>;
  const entries = history.data;
  const last = entries.at(-1);
  return (
    <div>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('review.history.empty')}</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-900">
              <div className="flex flex-wrap items-center gap-2">
                {entry.from_status ? <StatusBadge status={entry.from_status} /> : null}
                {entry.from_status ? <span aria-hidden="true">{i18n.dir() === 'rtl' ? '←' : '→'}</span> : null}
                <StatusBadge status={entry.to_status} />
                <time dateTime={entry.created_at} className="text-slate-600 dark:text-slate-400">
                  {formatDate(entry.created_at, language, DATE_TIME)}
                </time>
                <span className="break-all text-slate-600 dark:text-slate-400">
                  {entry.actor ? entry.actor.email : t('review.history.actorUnknown')}
                </span>
              </div>
              <p className="mt-1">
                <ReasonText reason={entry.to_reason} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {/* Only decisions people made are undone here; the scanner's own flag is not. */}
      {last?.from_status && last.actor ? (
        <Button variant="secondary" size="sm" className="mt-3" disabled={undoing} onClick={onUndo}>
          {t('review.undo')}
        </Button>
      ) : null}
    </div>
  );
}
