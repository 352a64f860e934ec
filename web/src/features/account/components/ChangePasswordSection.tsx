import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkedAccounts } from '../../../api/queries/linked-accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { notify } from '../../../lib/toast';
import { changePassword } from '../api/account';

/**
 * Change the password (the current one is asked for); every other session ends. Accounts that
 * only sign in through a provider have no password, and are told so.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation('account');
  const accounts = useLinkedAccounts();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const save = useMutation({
    mutationFn: () => changePassword({ currentPassword: current, newPassword: next }),
    onSuccess: () => {
      analytics.track('Account Password Changed');
      notify('success', t('password.done'));
      setCurrent('');
      setNext('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current && next) save.mutate();
  };
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? false;
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title" className="text-xl font-semibold">
        {t('password.title')}
      </h2>
      {accounts.isPending ? (
        <Spinner label={t('methods.loading')} className="mt-4" />
      ) : !hasPassword ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('password.none')}</p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('password.intro')}</p>
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <TextField
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          {save.isError ? <Alert tone="error">{t(authErrorKey(save.error), { ns: 'common' })}</Alert> : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={!current || !next || save.isPending}>
              {save.isPending ? t('password.saving') : t('password.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
