import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkedAccounts } from '../../../api/queries/linked-accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { notify } from '../../../lib/toast';
import { deleteAccount, useDeletionImpact } from '../api/account';

const link = 'text-brand-600 underline underline-offset-2 dark:text-brand-100';

/**
 * Delete the account. What happens to its publishers and packs is spelled out, per publisher,
 * before the confirmation (docs/identity.md, "Deleting an account").
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const impact = useDeletionImpact();
  const accounts = useLinkedAccounts();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? false;
  const remove = useMutation({
    mutationFn: () => deleteAccount(hasPassword ? password : null),
    onSuccess: () => {
      analytics.track('Account Deleted');
      notify('success', t('delete.done'));
      setConfirming(false);
      // The account and its sessions are gone: drop what this tab kept and start again signed out.
      window.setTimeout(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        window.location.assign('/');
      }, 1500);
    },
  });
  return (
    <section aria-labelledby="delete-title" className="rounded-xl border border-red-300 p-4 dark:border-red-900">
      <h2 id="delete-title" className="text-xl font-semibold">
        {t('delete.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t('delete.rulePacks')}</li>
        <li>{t('delete.ruleShared')}</li>
        <li>{t('delete.ruleSole')}</li>
        <li>{t('delete.ruleTokens')}</li>
      </ul>
      {impact.isPending ? (
        <Spinner label={t('delete.loading')} className="mt-4" />
      ) : impact.isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('delete.loadError')}</Alert>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-3 text-sm">
          {impact.data.soleOwned.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t('delete.soleTitle')}</h3>
              <ul aria-label={t('delete.soleTitle')} className="mt-1 flex flex-col gap-1">
                {impact.data.soleOwned.map((publisher) => (
                  <li key={publisher.id}>
                    <Link to={`/publishers/${publisher.id}`} className={link}>
                      <bdi>{publisher.name}</bdi>
                    </Link>{' '}
                    <span className="text-slate-600 dark:text-slate-400">
                      {t('delete.packs', { packs: publisher.packs })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {impact.data.shared.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t('delete.sharedTitle')}</h3>
              <ul aria-label={t('delete.sharedTitle')} className="mt-1 flex flex-col gap-1">
                {impact.data.shared.map((publisher) => (
                  <li key={publisher.id}>
                    <Link to={`/publishers/${publisher.id}`} className={link}>
                      <bdi>{publisher.name}</bdi>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {impact.data.soleOwned.length + impact.data.shared.length === 0 ? <p>{t('delete.noPublishers')}</p> : null}
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={remove.isSuccess || !impact.isSuccess}>
          {t('delete.action')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.confirmTitle')}
        description={hasPassword ? t('delete.confirmBody') : t('delete.confirmBodyNoPassword')}
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!hasPassword || password) remove.mutate();
          }}
        >
          {hasPassword ? (
            <TextField
              label={t('delete.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
          {remove.isError ? <Alert tone="error">{t(authErrorKey(remove.error), { ns: 'common' })}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={(hasPassword && !password) || remove.isPending}>
              {remove.isPending ? t('delete.inProgress') : t('delete.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
