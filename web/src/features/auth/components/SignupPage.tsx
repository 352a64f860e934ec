import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuthConfig } from '../../../api/queries/auth-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { afterSignIn, fromUrlQuery, parseFromUrl } from '../../../lib/from-url';
import { notify } from '../../../lib/toast';
import { signUpEmail } from '../api/email-auth';
import { useAuth } from '../hooks/useAuth';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { defaultPasswordPolicy, passwordAcceptable } from '../password-policy';
import { AuthCard, Divider } from './AuthCard';
import { PasswordRules } from './PasswordRules';
import { ProviderButtons } from './ProviderButtons';
import { ResendVerification } from './ResendVerification';

/** `/auth/signup`: providers, or name + e-mail + password checked against the server's policy as typed. */
export function SignupPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { status } = useAuth();
  const authConfig = useAuthConfig();
  const completeSignIn = useCompleteSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('auth.signup.documentTitle');
  }, [t]);

  if (status === 'signedIn' && !submitting) return <Navigate to={afterSignIn(search)} replace />;
  if (status === 'loading') return <PageSpinner label={t('common.loading')} />;

  const policy = authConfig.data?.passwordPolicy ?? defaultPasswordPolicy;
  const returnTo = parseFromUrl(search) ?? '/nodes';
  const ready = name.trim() !== '' && email.trim() !== '' && passwordAcceptable(password, policy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSubmitting(true);
    setError(null);
    analytics.track('Sign Up', { provider: 'Email' });
    try {
      await signUpEmail({
        name: name.trim(),
        email: email.trim(),
        password,
        // The confirmation link brings the person back to where they started (see VerifyEmailPage).
        callbackURL: `${window.location.origin}/auth/verify-email?${fromUrlQuery(returnTo)}`,
      });
      if (authConfig.data?.emailVerificationRequired) {
        setSentTo(email.trim());
        setSubmitting(false);
      } else {
        await completeSignIn();
        notify('success', t('auth.verify.welcome'));
      }
    } catch (caught) {
      setError(caught);
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.signup.checkInboxTitle')}>
        <p>{t('auth.signup.checkInbox', { email: sentTo })}</p>
        <ResendVerification email={sentTo} />
        <Link
          className="text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100"
          to={`/auth/login${search}`}
        >
          {t('auth.signup.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signup.title')}>
      {authConfig.isError ? <Alert tone="error">{t('auth.configError')}</Alert> : null}
      <ProviderButtons providers={authConfig.data?.providers ?? []} returnTo={returnTo} />
      {authConfig.data?.providers.length ? <Divider label={t('auth.or')} /> : null}
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('auth.fields.name')}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
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
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<PasswordRules id="signup-password-rules" password={password} policy={policy} />}
        />
        {error ? <Alert tone="error">{t(authErrorKey(error))}</Alert> : null}
        <Button type="submit" disabled={submitting || !ready}>
          {submitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </form>
      <p className="text-sm">
        {t('auth.signup.haveAccount')}{' '}
        <Link className="text-brand-600 underline underline-offset-2 dark:text-brand-100" to={`/auth/login${search}`}>
          {t('auth.signup.toLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
