import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/format';
import { useCreateUpstreamOverride, useUpstreamOverrides } from '../api/upstream-overrides';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Under the mirror panel: release one id the upstream has for a local pack (with the reason the
 * audit log keeps), and the ids released so far. Only shown when an upstream is configured.
 */
export function UpstreamOverrides() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const overrides = useUpstreamOverrides();
  const create = useCreateUpstreamOverride();
  const [id, setId] = useState('');
  const [reason, setReason] = useState('');
  const ready = id.trim() !== '' && reason.trim() !== '' && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      { id: id.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setId('');
          setReason('');
        },
      },
    );
  };

  const list = overrides.data?.overrides ?? [];
  return (
    <section aria-labelledby="admin-upstream-overrides-title" className="mt-4 space-y-3">
      <h3 id="admin-upstream-overrides-title" className="text-base font-semibold">
        {t('upstream.overrides.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('upstream.overrides.intro')}</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end">
        <TextField
          label={t('upstream.overrides.id')}
          value={id}
          onChange={(e) => setId(e.target.value)}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          label={t('upstream.overrides.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={2000}
        />
        <Button type="submit" size="sm" disabled={!ready}>
          {t('upstream.overrides.submit')}
        </Button>
      </form>
      {overrides.isError ? <Alert tone="error">{t('upstream.overrides.loadError')}</Alert> : null}
      {overrides.isSuccess && list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('upstream.overrides.empty')}</p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('upstream.overrides.listLabel')} className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((o) => (
            <li key={o.id} className="py-2 text-sm">
              <span className="font-mono font-medium">{o.id}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {' · '}
                {t('upstream.overrides.allowed', { date: formatDate(o.created_at, language, DATE_TIME) })}
              </span>
              <p className="break-words text-slate-700 dark:text-slate-300">{o.reason}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
