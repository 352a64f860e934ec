import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './AuthCard';

/** `/auth/forgot-password`: asks for an address and e-mails a reset link to it. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    document.title = t('auth.forgot.documentTitle');
  }, [t]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    setError(null);
    try {
      await requestPasswordReset({ email: email.trim(), redirectTo: `${window.location.origin}/auth/reset-password` });
      setState('sent');
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };
  return (
    <AuthCard title={t('auth.forgot.title')}>
      {state === 'sent' ? (
        <Alert tone="success">{t('auth.forgot.sent', { email: email.trim() })}</Alert>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('auth.forgot.intro')}</p>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error ? <Alert tone="error">{t(authErrorKey(error))}</Alert> : null}
          <Button type="submit" disabled={state === 'sending' || !email.trim()}>
            {state === 'sending' ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <Link className="text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100" to="/auth/login">
        {t('auth.backToLogin')}
      </Link>
    </AuthCard>
  );
}
