import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { sessionQueryKey } from '../api/get-session';
import { verifyEmail } from '../api/password-reset';
import { AuthCard } from './AuthCard';

/**
 * `/auth/verify-email?token=`: confirms the address from the e-mailed link. The server may also
 * have confirmed it already and sent the person here with `?error=` on failure.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token');
  const linkError = params.get('error');
  const verification = useQuery({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token) && !linkError,
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    document.title = t('auth.verify.documentTitle');
  }, [t]);
  useEffect(() => {
    // Confirming may sign the person in; pick up the new session.
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [verification.isSuccess, queryClient]);
  if (verification.isLoading) return <PageSpinner label={t('auth.verify.checking')} />;
  const ok = !linkError && (verification.isSuccess || (!token && !linkError));
  return (
    <AuthCard title={t('auth.verify.title')}>
      {ok ? (
        <Alert tone="success">{t('auth.verify.done')}</Alert>
      ) : (
        <Alert tone="error">{t('auth.errors.INVALID_TOKEN')}</Alert>
      )}
      <Link className={buttonClass('primary')} to={ok ? '/nodes' : '/auth/login'}>
        {ok ? t('auth.verify.continue') : t('auth.backToLogin')}
      </Link>
    </AuthCard>
  );
}
