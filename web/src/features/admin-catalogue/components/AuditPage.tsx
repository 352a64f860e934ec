import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { readReason } from '../../../lib/catalogue/system-reasons';
import { DATE_TIME_SECONDS, formatDate } from '../../../lib/format';
import { type AuditEntry, type AuditFilter, useAuditLog } from '../api/audit';
import { actionKey, readableChanges, type Word } from '../lib/audit-words';
import { diffJson } from '../lib/diff';
import { AdminPage, NS } from './admin-page';
import { SelectField } from './fields';
import { ListState } from './list-state';
import { UrlPager, usePageParam } from './url-paging';

const ACTIONS = [
  'node.create',
  'node.update',
  'node.ban',
  'node.unban',
  'node.claim',
  'node.upstream_override',
  'node_version.update',
  'node_version.undo',
  'publisher.ban',
  'publisher.unban',
  'publisher.invite',
  'publisher.invitation_accept',
  'publisher.invitation_decline',
  'publisher.invitation_revoke',
  'publisher.trusted_publisher_add',
  'publisher.trusted_publisher_remove',
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
              {t(actionKey(a), { defaultValue: a })}
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
  const label = entry.target_label || id;
  // A version's label is `pack@1.2.0`: its pack's admin page is where it is managed.
  const versionPack = entry.target_type === 'node_version' && label.includes('@') ? label.split('@')[0] : null;
  const to =
    entry.target_type === 'node'
      ? `/admin/nodes/${encodeURIComponent(id)}`
      : versionPack
        ? `/admin/nodes/${encodeURIComponent(versionPack)}`
        : entry.target_type === 'publisher'
          ? `/publishers/${encodeURIComponent(id)}`
          : null;
  return to ? (
    <Link to={to} dir="ltr" className="break-all text-brand-700 underline underline-offset-2 dark:text-brand-100">
      {label}
    </Link>
  ) : (
    <span dir="ltr" className="break-all">
      {label}
    </span>
  );
}

/** The reason of an entry: the registry's own wording in the reader's language, a person's as typed. */
function ReasonLine({ reason }: { reason: string }) {
  const { t } = useTranslation(NS);
  const { t: common } = useTranslation('common');
  const read = readReason(reason);
  if (read.kind === 'none') return null;
  const text =
    read.kind === 'undo'
      ? common('reasons.undo', { status: t(`versionStatus.${read.status}`, { defaultValue: read.status }) })
      : read.kind === 'text'
        ? read.text
        : read.kind === 'findings'
          ? common('reasons.findings', { count: read.count })
          : read.kind === 'rejected' || read.kind === 'notPublished'
            ? common(`reasons.${read.kind}`, { detail: read.detail })
            : common(`reasons.${read.kind}`);
  return (
    <p dir="auto" className="mt-1 break-words">
      {t('audit.reason', { reason: text })}
    </p>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation(NS);
  const rows = readableChanges(diffJson(entry.before, entry.after));
  const say = (word: Word) => ('key' in word ? t(word.key, word.params) : word.text);
  const action = t(actionKey(entry.action), { defaultValue: entry.action });
  const when = formatDate(entry.created_at, i18n.resolvedLanguage ?? 'en', DATE_TIME_SECONDS);
  return (
    <li
      className="min-w-0 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800"
      aria-label={`${action} ${entry.target_label || entry.target_id}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold">{action}</span>
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
      <ReasonLine reason={entry.reason} />
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
                  <th scope="row" className="break-words py-1 pe-2 text-start font-normal">
                    {say(row.field)}
                  </th>
                  <td dir="auto" className="break-words py-1 pe-2 text-start text-red-800 dark:text-red-300">
                    {row.before ? <del className="no-underline">{say(row.before)}</del> : '—'}
                  </td>
                  <td dir="auto" className="break-words py-1 text-start text-green-800 dark:text-green-300">
                    {row.after ? <ins className="no-underline">{say(row.after)}</ins> : '—'}
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
