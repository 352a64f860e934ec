import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthConfig } from '../../../api/queries/auth-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { resetPassword } from '../api/password-reset';
import { defaultPasswordPolicy, passwordAcceptable } from '../password-policy';
import { AuthCard } from './AuthCard';
import { PasswordRules } from './PasswordRules';

/** `/auth/reset-password?token=`: sets a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token');
  const linkError = params.get('error');
  const policy = useAuthConfig().data?.passwordPolicy ?? defaultPasswordPolicy;
  const [password, setPassword] = useState('');
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    document.title = t('auth.reset.documentTitle');
  }, [t]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setState('saving');
    setError(null);
    try {
      await resetPassword({ newPassword: password, token });
      setState('done');
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };
  const link = (
    <Link className="text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100" to="/auth/login">
      {t('auth.backToLogin')}
    </Link>
  );
  if (!token || linkError) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert tone="error">{t('auth.errors.INVALID_TOKEN')}</Alert>
        <Link
          className="text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100"
          to="/auth/forgot-password"
        >
          {t('auth.reset.requestAgain')}
        </Link>
      </AuthCard>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        {link}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.reset.title')}>
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<PasswordRules id="reset-password-rules" password={password} policy={policy} />}
        />
        {error ? <Alert tone="error">{t(authErrorKey(error))}</Alert> : null}
        <Button type="submit" disabled={state === 'saving' || !passwordAcceptable(password, policy)}>
          {state === 'saving' ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
      {link}
    </AuthCard>
  );
}
