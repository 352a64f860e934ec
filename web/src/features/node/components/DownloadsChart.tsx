import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatNumber } from '../../../lib/format';
import { useNodeDownloads } from '../api/get-node-downloads';
import { layoutChart } from '../lib/chart';

const WIDTH = 600;
const HEIGHT = 160;

/** Downloads per day over the last 90 days: an SVG bar chart with a screen-reader table. */
export function DownloadsChart({ nodeId }: { nodeId: string }) {
  const { t, i18n } = useTranslation('node');
  const language = i18n.resolvedLanguage ?? 'en';
  const downloads = useNodeDownloads(nodeId);
  const titleId = useId();
  const descId = useId();
  const day = (iso: string) => formatDate(`${iso}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
  const number = (value: number) => formatNumber(value, language);

  let body: React.ReactNode;
  if (downloads.isPending) body = <Spinner label={t('chart.loading')} className="mt-3" />;
  else if (downloads.isError)
    body = (
      <div className="mt-3">
        <Alert tone="error">{t('chart.error')}</Alert>
      </div>
    );
  else {
    const days = downloads.data ?? [];
    const chart = layoutChart(days, WIDTH, HEIGHT);
    const first = days[0]?.day;
    const last = days[days.length - 1]?.day;
    const summary = t('chart.summary', { count: chart.total, total: number(chart.total), days: days.length });
    body = (
      <div className="mt-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>
        <div dir="ltr" className="mt-2 flex gap-2">
          <div
            aria-hidden="true"
            className="flex h-40 shrink-0 flex-col justify-between text-end text-xs text-slate-600 dark:text-slate-400"
          >
            {[...chart.ticks].reverse().map((tick) => (
              <span key={tick}>{number(tick)}</span>
            ))}
          </div>
          <svg
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-40 min-w-0 flex-1 border-b border-s border-slate-300 text-brand-600 dark:border-slate-600 dark:text-brand-100"
          >
            <title id={titleId}>{t('chart.title')}</title>
            <desc id={descId}>{summary}</desc>
            {chart.bars.map((bar) => (
              <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="currentColor">
                <title>{`${day(bar.day)}: ${number(bar.count)}`}</title>
              </rect>
            ))}
          </svg>
        </div>
        {first && last ? (
          <div
            dir="ltr"
            aria-hidden="true"
            className="mt-1 flex justify-between ps-8 text-xs text-slate-600 dark:text-slate-400"
          >
            <bdi>{day(first)}</bdi>
            <bdi>{day(last)}</bdi>
          </div>
        ) : null}
        <table className="sr-only">
          <caption>{t('chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('chart.downloads')}</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.count > 0)
              .map((d) => (
                <tr key={d.day}>
                  <td>{day(d.day)}</td>
                  <td>{number(d.count)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby="downloads-title">
      <h2 id="downloads-title" className="text-lg font-semibold">
        {t('chart.title')}
      </h2>
      {body}
    </section>
  );
}
