import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../api/errors';
import { useAuthConfig } from '../../../api/queries/auth-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { afterSignIn, parseFromUrl } from '../../../lib/from-url';
import { notify } from '../../../lib/toast';
import { needsSecondFactor, signInEmail } from '../api/email-auth';
import { useAuth } from '../hooks/useAuth';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { AuthCard, Divider } from './AuthCard';
import { ProviderButtons } from './ProviderButtons';
import { ResendVerification } from './ResendVerification';
import { SecondFactorStep } from './SecondFactorStep';

/** `/auth/login`: federated providers, e-mail and password, links to sign up and reset. */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { status } = useAuth();
  const authConfig = useAuthConfig();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The password was right and the account asks for a second factor: no session yet. A federated
  // sign-in into such an account comes back here with `?secondFactor=1` for the same step.
  const [secondStep, setSecondStep] = useState(() => new URLSearchParams(search).get('secondFactor') === '1');
  const providerError = new URLSearchParams(search).get('error');
  useEffect(() => {
    document.title = t('auth.login.documentTitle');
  }, [t]);

  if (status === 'signedIn' && !submitting) return <Navigate to={afterSignIn(search)} replace />;
  if (status === 'loading') return <PageSpinner label={t('common.loading')} />;

  const finish = async () => {
    setSubmitting(true);
    await completeSignIn();
    notify('success', t('auth.login.success'));
  };
  if (secondStep) {
    return (
      <AuthCard title={t('auth.secondFactor.title')}>
        <SecondFactorStep
          onSignedIn={finish}
          onRestart={() => {
            setSecondStep(false);
            setPassword('');
          }}
        />
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    analytics.track('Sign In', { provider: 'Email' });
    try {
      const answer = await signInEmail({ email: email.trim(), password });
      if (needsSecondFactor(answer)) {
        setSecondStep(true);
        setSubmitting(false);
        return;
      }
      await finish();
    } catch (caught) {
      setError(caught);
      setSubmitting(false);
    }
  };
  const returnTo = parseFromUrl(search) ?? '/nodes';
  const notVerified = error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
  return (
    <AuthCard title={t('auth.login.title')}>
      {providerError ? <Alert tone="error">{t('auth.errors.PROVIDER')}</Alert> : null}
      {authConfig.isError ? <Alert tone="error">{t('auth.configError')}</Alert> : null}
      <ProviderButtons providers={authConfig.data?.providers ?? []} returnTo={returnTo} />
      {authConfig.data?.providers.length ? <Divider label={t('auth.or')} /> : null}
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <Alert tone="error">{t(authErrorKey(error))}</Alert> : null}
        {notVerified ? <ResendVerification email={email.trim()} /> : null}
        <Button type="submit" disabled={submitting || !email.trim() || !password}>
          {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 text-sm">
        <Link className="text-brand-600 underline underline-offset-2 dark:text-brand-100" to="/auth/forgot-password">
          {t('auth.login.forgot')}
        </Link>
        <p>
          {t('auth.login.noAccount')}{' '}
          <Link
            className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
            to={`/auth/signup${search}`}
          >
            {t('auth.login.toSignup')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
