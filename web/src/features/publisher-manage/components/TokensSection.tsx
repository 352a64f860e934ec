import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { ListState } from '../../../components/ui/list-state';
import { RegistryNote } from '../../../components/ui/registry-note';
import { analytics } from '../../../lib/analytics-client';
import { publishCommand } from '../../../lib/catalogue/publish-command';
import { DATE_TIME, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { type AccessToken, deleteToken, tokensKey, useTokens } from '../api/tokens';
import { serverReason } from '../lib/profile-form';
import { hasExpired } from '../lib/token-options';
import { CreateTokenDialog } from './CreateTokenDialog';

/** Publishing tokens: create (the secret is shown once), list masked, delete after confirmation. */
export function TokensSection({ publisherId }: { publisherId: string }) {
  const { t, i18n } = useTranslation('publisher-manage');
  const queryClient = useQueryClient();
  const tokens = useTokens(publisherId);
  const secretId = useId();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const newTokenButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const when = (iso: string) => formatDate(iso, i18n.resolvedLanguage ?? 'en', DATE_TIME);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensKey(publisherId) });

  const remove = useMutation({
    mutationFn: (token: AccessToken) => deleteToken(publisherId, token.id),
    onSuccess: async (_, token) => {
      analytics.track('Publisher Token Deleted', { publisherId });
      notify('success', t('tokens.deleted', { name: token.name }));
      // The list drops the row first, so the dialog closes with its opener gone and focus
      // goes to the list's heading rather than to a button about to vanish.
      await refresh();
      setDeleting(null);
    },
    onError: (error) => notify('error', t('tokens.deleteFailed', { reason: serverReason(error) })),
  });

  return (
    <section id="tokens" aria-labelledby="tokens-title" className="scroll-mt-20">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <h2 id="tokens-title" ref={listHeading} tabIndex={-1} className="text-xl font-semibold">
          {t('tokens.title')}
        </h2>
        <Button
          ref={newTokenButton}
          onClick={() => {
            analytics.track('Create Publisher API Token Clicked', { publisherId });
            setCreating(true);
          }}
        >
          {t('tokens.new')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('tokens.intro')}</p>
      <p className="mt-2 text-sm font-medium">{t('tokens.usage')}</p>
      <pre
        dir="ltr"
        className="mt-1 whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
      >
        <code>{publishCommand('<token>')}</code>
      </pre>
      <div className="mt-2">
        <RegistryNote kind="publish" />
      </div>
      <ListState
        isPending={tokens.isPending}
        failure={tokens.isError ? serverReason(tokens.error) : null}
        empty={tokens.data?.length === 0}
        text={{ loading: t('tokens.loading'), empty: t('tokens.empty') }}
      >
        <ul
          aria-label={t('tokens.listLabel')}
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {(tokens.data ?? []).map((token) => (
            <li key={token.id} className="flex min-w-0 flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p dir="auto" className="break-words text-start font-medium">
                  {token.name}
                </p>
                {token.description ? (
                  <p dir="auto" className="break-words text-start text-sm text-slate-700 dark:text-slate-300">
                    {token.description}
                  </p>
                ) : null}
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  <code dir="ltr" className="rounded bg-slate-100 px-1 dark:bg-slate-800">
                    {token.token}
                  </code>
                </p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t('tokens.createdAt', { when: when(token.createdAt) })}
                  {' · '}
                  {token.lastUsedAt ? t('tokens.lastUsed', { when: when(token.lastUsedAt) }) : t('tokens.neverUsed')}
                </p>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {!token.expiresAt ? (
                    t('tokens.neverExpires')
                  ) : hasExpired(token.expiresAt, new Date()) ? (
                    <span className="font-semibold text-red-700 dark:text-red-400">
                      {t('tokens.expired', { when: when(token.expiresAt) })}
                    </span>
                  ) : (
                    t('tokens.expires', { when: when(token.expiresAt) })
                  )}
                  {' · '}
                  {token.nodeIds ? (
                    <>
                      {t('tokens.onlyPacks')}{' '}
                      <span dir="ltr" className="font-mono">
                        {token.nodeIds.join(', ')}
                      </span>
                    </>
                  ) : (
                    t('tokens.allPacks')
                  )}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setDeleting(token)}
                aria-label={t('tokens.deleteLabel', { name: token.name })}
              >
                {t('tokens.delete')}
              </Button>
            </li>
          ))}
        </ul>
      </ListState>

      <CreateTokenDialog
        publisherId={publisherId}
        open={creating}
        onOpenChange={setCreating}
        onCreated={async (created) => {
          analytics.track('Publisher Token Created', { publisherId });
          notify('success', t('tokens.created'));
          setCreating(false);
          setSecret(created);
          await refresh();
        }}
      />

      <Dialog
        open={secret !== null}
        onOpenChange={(open) => (open ? undefined : setSecret(null))}
        title={t('tokens.saveTitle')}
        // It opens from the creation dialog, which is gone by then: back to the button that began it.
        fallbackFocus={() => newTokenButton.current}
        description={t('tokens.saveBody')}
        footer={<Button onClick={() => setSecret(null)}>{t('tokens.done')}</Button>}
      >
        <label htmlFor={secretId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('tokens.secret')}
        </label>
        <div className="mt-1.5 flex min-w-0 items-stretch gap-2">
          <input
            id={secretId}
            readOnly
            dir="ltr"
            value={secret ?? ''}
            onFocus={(event) => event.target.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
          />
          <CopyButton
            value={secret ?? ''}
            label={t('tokens.copyLabel')}
            text={{
              copy: t('tokens.copy'),
              copied: t('tokens.copied'),
              failed: t('tokens.copyFailed'),
              copiedAnnounce: t('tokens.copiedAnnounce'),
            }}
            onCopy={(ok) => analytics.track('Publisher Token Copied', { publisherId, ok })}
          />
        </div>
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('tokens.deleteTitle')}
        // The deleted token's button leaves with its row: focus the list's heading instead.
        fallbackFocus={() => listHeading.current}
        description={t('tokens.deleteBody', { name: deleting?.name ?? '' })}
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
              {t('tokens.delete')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
