import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { DATE_TIME_SECONDS, formatDate } from '../../../lib/format';
import { type AuditEntry, type AuditFilter, useAuditLog } from '../api/audit';
import { diffJson } from '../lib/diff';
import { AdminPage, ListState, NS, SelectField, UrlPager, usePageParam } from './common';

const ACTIONS = [
  'node.create',
  'node.update',
  'node.ban',
  'node.unban',
  'node.claim',
  'node_version.update',
  'node_version.undo',
  'publisher.ban',
  'publisher.unban',
  'user.update',
  'user.ban',
  'user.unban',
];
const TARGET_TYPES = ['node', 'node_version', 'publisher', 'user'];
const FIELDS = ['actor', 'action', 'targetType', 'targetId', 'since', 'until'] as const;
type Field = (typeof FIELDS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/admin/audit`: every admin action, newest first, filtered on the server, with a diff of each. */
export function AuditPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const read = (f: Field) => {
    const value = params.get(f) ?? '';
    return (f === 'since' || f === 'until') && !DAY.test(value) ? '' : value;
  };
  const applied = Object.fromEntries(FIELDS.map((f) => [f, read(f)])) as Record<Field, string>;
  const filter: AuditFilter = { ...applied, page };
  const log = useAuditLog(filter);
  const [draft, setDraft] = useState(applied);
  const set = (f: Field) => (value: string) => setDraft((d) => ({ ...d, [f]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const f of FIELDS) if (draft[f].trim()) next.set(f, draft[f].trim());
    setParams(next);
  };
  const clear = () => {
    setDraft(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>);
    setParams({});
  };
  return (
    <AdminPage title={t('audit.title')}>
      <form onSubmit={submit} aria-label={t('audit.filters')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={t('audit.actor')}
          hint={t('audit.actorHint')}
          value={draft.actor}
          onChange={(e) => set('actor')(e.target.value)}
          dir="ltr"
        />
        <SelectField label={t('audit.action')} value={draft.action} onChange={(e) => set('action')(e.target.value)}>
          <option value="">{t('audit.any')}</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('audit.targetType')}
          value={draft.targetType}
          onChange={(e) => set('targetType')(e.target.value)}
        >
          <option value="">{t('audit.any')}</option>
          {TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`audit.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('audit.targetId')}
          value={draft.targetId}
          onChange={(e) => set('targetId')(e.target.value)}
          dir="ltr"
        />
        <TextField
          label={t('audit.since')}
          type="date"
          value={draft.since}
          onChange={(e) => set('since')(e.target.value)}
        />
        <TextField
          label={t('audit.until')}
          type="date"
          value={draft.until}
          onChange={(e) => set('until')(e.target.value)}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button variant="secondary" onClick={clear}>
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="admin-audit-results" aria-busy={log.isFetching} className="mt-6">
        <h2 id="admin-audit-results" className="text-lg font-semibold">
          {log.data ? t('audit.count', { count: log.data.total }) : t('audit.results')}
        </h2>
        <ListState
          isPending={log.isPending}
          isError={log.isError}
          empty={log.data?.entries.length === 0}
          onRetry={() => void log.refetch()}
        >
          <ol className="mt-3 grid gap-3">
            {log.data?.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
          <UrlPager page={page} totalPages={log.data?.totalPages ?? 1} label={t('audit.pages')} />
        </ListState>
      </section>
    </AdminPage>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const id = entry.target_id;
  const to =
    entry.target_type === 'node'
      ? `/admin/nodes/${encodeURIComponent(id)}`
      : entry.target_type === 'publisher'
        ? `/publishers/${encodeURIComponent(id)}`
        : null;
  return to ? (
    <Link to={to} dir="ltr" className="break-all text-brand-700 underline underline-offset-2 dark:text-brand-100">
      {id}
    </Link>
  ) : (
    <span dir="ltr" className="break-all">
      {id}
    </span>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation(NS);
  const rows = diffJson(entry.before, entry.after);
  const when = formatDate(entry.created_at, i18n.resolvedLanguage ?? 'en', DATE_TIME_SECONDS);
  return (
    <li
      className="min-w-0 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800"
      aria-label={`${entry.action} ${entry.target_id}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono font-semibold" dir="ltr">
          {entry.action}
        </span>
        <span>
          {t(`audit.types.${entry.target_type}`, { defaultValue: entry.target_type })} <Target entry={entry} />
        </span>
        <time dateTime={entry.created_at} className="ms-auto text-slate-600 dark:text-slate-400">
          {when}
        </time>
      </div>
      <p className="mt-1 break-all text-slate-700 dark:text-slate-300">
        {t('audit.by', { actor: entry.actor?.email || t('audit.system') })}
      </p>
      {entry.reason ? (
        <p dir="auto" className="mt-1 break-words">
          {t('audit.reason', { reason: entry.reason })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('audit.noChange')}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-0 table-fixed border-collapse text-start text-xs">
            <caption className="sr-only">{t('audit.changes')}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="w-1/4 py-1 pe-2 text-start font-medium">
                  {t('audit.field')}
                </th>
                <th scope="col" className="py-1 pe-2 text-start font-medium">
                  {t('audit.before')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('audit.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.path} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                  <th scope="row" dir="ltr" className="break-all py-1 pe-2 text-start font-mono font-normal">
                    {row.path || '—'}
                  </th>
                  <td dir="ltr" className="break-all py-1 pe-2 text-start font-mono text-red-800 dark:text-red-300">
                    {row.before === undefined ? '—' : <del className="no-underline">{row.before}</del>}
                  </td>
                  <td dir="ltr" className="break-all py-1 text-start font-mono text-green-800 dark:text-green-300">
                    {row.after === undefined ? '—' : <ins className="no-underline">{row.after}</ins>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
