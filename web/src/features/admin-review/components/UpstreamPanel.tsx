import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { DATE_TIME, formatDate, formatNumber } from '../../../lib/format';
import { syncInProgress, useCancelUpstreamSync, useStartUpstreamSync, useUpstream } from '../api/upstream';
import { UpstreamOverrides } from './UpstreamOverrides';

/** The admin dashboard's mirror panel: what is mirrored, the sync's progress and last result, "Sync now". */
export function UpstreamPanel() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const upstream = useUpstream();
  const start = useStartUpstreamSync();
  const cancel = useCancelUpstreamSync();
  const number = (value: number | undefined) => formatNumber(value ?? 0, language);

  let body: React.ReactNode;
  if (upstream.isPending) body = <Spinner label={t('loading')} className="mt-3" />;
  else if (upstream.isError) {
    body = (
      <div className="mt-3 space-y-3">
        <Alert tone="error">{t('upstream.loadError')}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void upstream.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!upstream.data.upstream) {
    body = <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('upstream.none')}</p>;
  } else {
    const { sync } = upstream.data;
    const busy = syncInProgress(upstream.data) || start.isPending;
    const share = sync && sync.totalPages > 0 ? Math.min(100, Math.round((sync.page / sync.totalPages) * 100)) : 0;
    body = (
      <div className="mt-3 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <p className="break-words text-sm">
          {t('upstream.source', { upstream: upstream.data.upstream })}{' '}
          <span className="text-slate-600 dark:text-slate-400">
            {upstream.data.intervalSeconds > 0
              ? t('upstream.scheduled', { seconds: number(upstream.data.intervalSeconds) })
              : t('upstream.onDemand')}
          </span>
        </p>
        <p className="text-sm font-medium" data-testid="upstream-status">
          {t(`upstream.status.${sync?.status ?? 'never'}`)}
        </p>
        {sync ? (
          <>
            <div
              role="progressbar"
              aria-label={t('upstream.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
              className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
            >
              <div className="h-full bg-brand-600" style={{ width: `${share}%` }} />
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('upstream.progress', { page: number(sync.page), total: number(sync.totalPages) })}
              {' · '}
              {t('upstream.counts', {
                written: number(sync.counts.packsWritten),
                unchanged: number(sync.counts.packsUnchanged),
                refused: number(sync.counts.refused),
              })}
            </p>
            {sync.finishedAt ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t('upstream.finished', { date: formatDate(sync.finishedAt, language, DATE_TIME) })}
              </p>
            ) : null}
            {sync.lastError ? <Alert tone="error">{t('upstream.lastError', { error: sync.lastError })}</Alert> : null}
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => start.mutate(false)}>
            {t('upstream.syncNow')}
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => start.mutate(true)}>
            {t('upstream.fullSync')}
          </Button>
          {syncInProgress(upstream.data) ? (
            <Button variant="secondary" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('upstream.cancelSync')}
            </Button>
          ) : null}
        </div>
        <UpstreamOverrides />
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-upstream-title" className="mt-10">
      <h2 id="admin-upstream-title" className="text-lg font-semibold">
        {t('upstream.title')}
      </h2>
      {body}
    </section>
  );
}
