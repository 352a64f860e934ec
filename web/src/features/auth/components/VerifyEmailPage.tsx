import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { keyFor } from '../../../api/keys';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { afterSignIn } from '../../../lib/from-url';
import { notify } from '../../../lib/toast';
import { verifyEmail } from '../api/password-reset';
import { useAuth } from '../hooks/useAuth';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { AuthCard } from './AuthCard';

/**
 * `/auth/verify-email?token=[&fromUrl=]`: confirms the address from the e-mailed link. Confirming
 * signs the person in, so the page then returns them to where they started (`fromUrl`, else Your
 * Nodes): a new account is welcomed, a changed address is confirmed. A link opened again signs
 * nobody in, and the page just says the address is confirmed. The server may also have sent the
 * person here with `?error=` on failure.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { status } = useAuth();
  const completeSignIn = useCompleteSignIn();
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const linkError = params.get('error');
  // Whether someone was signed in before the link was opened: then this confirms a new address.
  const wasSignedIn = useRef<boolean | null>(null);
  if (wasSignedIn.current === null && status !== 'loading') wasSignedIn.current = status === 'signedIn';
  const [finishing, setFinishing] = useState(true);
  const completing = useRef(false);
  const verification = useQuery({
    queryKey: keyFor('/api/auth/verify-email', token),
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token) && !linkError && status !== 'loading',
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    document.title = t('auth.verify.documentTitle');
  }, [t]);
  useEffect(() => {
    if (!verification.isSuccess || completing.current) return;
    completing.current = true;
    completeSignIn()
      .then(() => notify('success', wasSignedIn.current ? t('auth.verify.changed') : t('auth.verify.welcome')))
      // No session came with the answer (the link was opened before): stay and say it is confirmed.
      .catch(() => setFinishing(false));
  }, [verification.isSuccess, completeSignIn, t]);
  if (verification.isLoading || status === 'loading' || (verification.isSuccess && finishing)) {
    return <PageSpinner label={t('auth.verify.checking')} />;
  }
  const ok = !linkError && (verification.isSuccess || (!token && !linkError));
  return (
    <AuthCard title={t('auth.verify.title')}>
      {ok ? (
        <Alert tone="success">{t('auth.verify.done')}</Alert>
      ) : (
        <Alert tone="error">{t('auth.errors.INVALID_TOKEN')}</Alert>
      )}
      <Link className={buttonClass('primary')} to={ok ? afterSignIn(search) : '/auth/login'}>
        {ok ? t('auth.verify.continue') : t('auth.backToLogin')}
      </Link>
    </AuthCard>
  );
}
