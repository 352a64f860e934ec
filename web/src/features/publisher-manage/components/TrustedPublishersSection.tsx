import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListState } from '../../../components/ui/list-state';
import { TextField } from '../../../components/ui/text-field';
import { config } from '../../../lib/config';
import { DATE_TIME, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  createTrustedPublisher,
  deleteTrustedPublisher,
  type TrustedPublisher,
  trustedPublishersKey,
  useTrustedPublishers,
} from '../api/trusted-publishers';
import { serverReason } from '../lib/profile-form';
import {
  EMPTY_TRUSTED_FORM,
  type TrustedPublisherForm,
  trustedFormProblems,
  trustedPublisherBody,
} from '../lib/trusted-publisher-form';

const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';

/**
 * Trusted publishers: the CI workflows that may publish with their identity token instead of a
 * stored token (docs/publishing.md). Add with a checked form, list, delete after confirmation.
 */
export function TrustedPublishersSection({ publisherId }: { publisherId: string }) {
  const { t, i18n } = useTranslation('publisher-manage');
  const queryClient = useQueryClient();
  const list = useTrustedPublishers(publisherId);
  const [form, setForm] = useState<TrustedPublisherForm>(EMPTY_TRUSTED_FORM);
  // Problems show once the form was sent, then follow the typing.
  const [checked, setChecked] = useState(false);
  const [deleting, setDeleting] = useState<TrustedPublisher | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const when = (iso: string) => formatDate(iso, i18n.resolvedLanguage ?? 'en', DATE_TIME);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trustedPublishersKey(publisherId) });
  const problems = checked ? trustedFormProblems(form) : {};
  const set = (patch: Partial<TrustedPublisherForm>) => setForm((current) => ({ ...current, ...patch }));

  const add = useMutation({
    mutationFn: () => createTrustedPublisher(publisherId, trustedPublisherBody(form)),
    onSuccess: async (created) => {
      notify('success', t('trusted.added', { repository: created.repository }));
      setForm(EMPTY_TRUSTED_FORM);
      setChecked(false);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (entry: TrustedPublisher) => deleteTrustedPublisher(publisherId, entry.id),
    onSuccess: async (_, entry) => {
      notify('success', t('trusted.deleted', { repository: entry.repository }));
      await refresh();
      setDeleting(null);
    },
    onError: (error) => notify('error', t('trusted.deleteFailed', { reason: serverReason(error) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(trustedFormProblems(form)).length === 0) add.mutate();
  };
  const issuerName = (issuer: string) => (issuer === GITHUB_ISSUER ? t('trusted.githubActions') : issuer);

  return (
    <section id="trusted-publishers" aria-labelledby="trusted-title" className="scroll-mt-20">
      <h2 id="trusted-title" ref={listHeading} tabIndex={-1} className="text-xl font-semibold">
        {t('trusted.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('trusted.intro')}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('trusted.usage')}</p>

      <ListState
        isPending={list.isPending}
        failure={list.isError ? serverReason(list.error) : null}
        empty={list.data?.length === 0}
        text={{ loading: t('trusted.loading'), empty: t('trusted.empty') }}
      >
        <ul
          aria-label={t('trusted.listLabel')}
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {(list.data ?? []).map((entry) => (
            <li key={entry.id} className="flex min-w-0 flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p dir="ltr" className="break-all text-start font-mono font-medium">
                  {entry.repository}
                </p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {t('trusted.workflowIs')}{' '}
                  <code dir="ltr" className="break-all rounded bg-slate-100 px-1 dark:bg-slate-800">
                    {entry.workflow}
                  </code>
                  {' · '}
                  {entry.environment ? (
                    <>
                      {t('trusted.environmentIs')}{' '}
                      <code dir="ltr" className="rounded bg-slate-100 px-1 dark:bg-slate-800">
                        {entry.environment}
                      </code>
                    </>
                  ) : (
                    t('trusted.anyEnvironment')
                  )}
                </p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {issuerName(entry.issuer)}
                  {' · '}
                  {t('trusted.addedAt', { when: when(entry.createdAt) })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setDeleting(entry)}
                aria-label={t('trusted.deleteLabel', { repository: entry.repository, workflow: entry.workflow })}
              >
                {t('trusted.delete')}
              </Button>
            </li>
          ))}
        </ul>
      </ListState>

      <form
        noValidate
        onSubmit={submit}
        aria-labelledby="trusted-form-title"
        className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <h3 id="trusted-form-title" className="font-semibold">
          {t('trusted.formTitle')}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('trusted.issuer')} <span dir="ltr">{issuerName(config.trustedPublishingIssuer)}</span>
        </p>
        <TextField
          label={t('trusted.repository')}
          hint={t('trusted.repositoryHint')}
          error={problems.repository ? t(`trusted.${problems.repository}`) : null}
          value={form.repository}
          onChange={(event) => set({ repository: event.target.value })}
          placeholder="octo-org/ComfyUI-MyNodes"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <TextField
          label={t('trusted.workflow')}
          hint={t('trusted.workflowHint')}
          error={problems.workflow ? t(`trusted.${problems.workflow}`) : null}
          value={form.workflow}
          onChange={(event) => set({ workflow: event.target.value })}
          placeholder=".github/workflows/publish.yml"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <TextField
          label={t('trusted.environment')}
          hint={t('trusted.environmentHint')}
          error={problems.environment ? t(`trusted.${problems.environment}`) : null}
          value={form.environment}
          onChange={(event) => set({ environment: event.target.value })}
          placeholder="release"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
        />
        {add.isError ? <Alert tone="error">{t('trusted.addFailed', { reason: serverReason(add.error) })}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t('trusted.adding') : t('trusted.add')}
          </Button>
        </div>
      </form>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('trusted.deleteTitle')}
        fallbackFocus={() => listHeading.current}
        description={t('trusted.deleteBody', {
          repository: deleting?.repository ?? '',
          workflow: deleting?.workflow ?? '',
        })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => (deleting ? remove.mutate(deleting) : undefined)}
            >
              {t('trusted.delete')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
