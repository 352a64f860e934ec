import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { changeEmail } from '../api/account';

/** Change the sign-in address: a link goes to the new address, which counts once it is opened. */
export function ChangeEmailSection({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => changeEmail(newEmail.trim()),
    onSuccess: () => {
      analytics.track('Account Email Change Requested');
      setSentTo(newEmail.trim());
      setNewEmail('');
    },
  });
  const same = newEmail.trim().toLowerCase() === email.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newEmail.trim() && !same) send.mutate();
  };
  return (
    <section aria-labelledby="email-title">
      <h2 id="email-title" className="text-xl font-semibold">
        {t('email.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t('email.current')}{' '}
        <span dir="ltr" className="font-medium break-all">
          {email}
        </span>
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label={t('email.new')}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          hint={t('email.hint')}
          error={same && newEmail ? t('email.same') : null}
        />
        <div aria-live="polite">
          {sentTo ? <Alert tone="success">{t('email.sent', { email: sentTo })}</Alert> : null}
          {send.isError ? <Alert tone="error">{t(authErrorKey(send.error), { ns: 'common' })}</Alert> : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!newEmail.trim() || same || send.isPending}>
            {send.isPending ? t('email.sending') : t('email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
