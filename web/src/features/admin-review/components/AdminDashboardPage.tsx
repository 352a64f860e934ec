import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { useAdminStats } from '../api/admin-stats';
import { AdminNav } from './AdminNav';
import { UpstreamPanel } from './UpstreamPanel';

type CountKey =
  | 'held_versions'
  | 'pending_versions'
  | 'flagged_versions'
  | 'banned_nodes'
  | 'nodes_created_last_7_days'
  | 'publishers'
  | 'users';

/** Each count and the list it opens. */
const counts: { key: CountKey; to: string }[] = [
  { key: 'held_versions', to: '/admin/review' },
  { key: 'pending_versions', to: '/admin/review?status=pending' },
  { key: 'flagged_versions', to: '/admin/review?status=flagged' },
  { key: 'banned_nodes', to: '/admin/nodes?status=NodeStatusBanned' },
  { key: 'nodes_created_last_7_days', to: '/?sort=newest' },
  { key: 'publishers', to: '/admin/publishers' },
  { key: 'users', to: '/admin/users' },
];

/**
 * The median time from hold to decision over the window the server names, in the largest unit
 * that reads well (seconds, minutes, hours, then days).
 */
function DecisionTime({ seconds, days, decisions }: { seconds: number | null; days: number; decisions: number }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div
      className="flex h-full flex-col rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="median-decision"
    >
      <span className="text-3xl font-bold tabular-nums">
        {seconds === null ? '–' : formatDuration(seconds, language)}
      </span>
      <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('dashboard.medianDecision')}</span>
      <span className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('dashboard.medianWindow', { days, decisions: formatNumber(decisions, language) })}
      </span>
    </div>
  );
}

function formatDuration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [seconds / 60, 'minute']
        : seconds < 48 * 3600
          ? [seconds / 3600, 'hour']
          : [seconds / 86_400, 'day'];
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 });
}

/** `/admin` (admins): the moderation counts, each a link to its list, and every admin screen. */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const stats = useAdminStats();
  const language = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    document.title = t('dashboard.documentTitle');
  }, [t]);
  return (
    <div className="mx-auto max-w-5xl py-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('dashboard.subtitle')}</p>

      <section aria-labelledby="admin-counts-title" className="mt-8">
        <h2 id="admin-counts-title" className="text-lg font-semibold">
          {t('dashboard.countsTitle')}
        </h2>
        {stats.isPending ? (
          <Spinner label={t('loading')} className="mt-3" />
        ) : stats.isError ? (
          <div className="mt-3 space-y-3">
            <Alert tone="error">{t('dashboard.countsError')}</Alert>
            <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3">
            {counts.map(({ key, to }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="flex h-full flex-col rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:hover:bg-slate-900"
                >
                  <span className="text-3xl font-bold tabular-nums">{formatNumber(stats.data[key], language)}</span>
                  <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {t(`dashboard.counts.${key}`)}
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <DecisionTime
                seconds={stats.data.median_decision_seconds}
                days={stats.data.decision_window_days}
                decisions={stats.data.decisions_in_window}
              />
            </li>
          </ul>
        )}
      </section>

      <UpstreamPanel />

      <div className="mt-10">
        <AdminNav />
      </div>
    </div>
  );
}
