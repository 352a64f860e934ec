import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { sendVerificationEmail } from '../api/password-reset';

/** "Send the link again" for an address that is not confirmed yet. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle');
  const send = async () => {
    setState('sending');
    try {
      await sendVerificationEmail({ email, callbackURL: `${window.location.origin}/auth/verify-email` });
      setState('sent');
    } catch (caught) {
      setState({ error: t(authErrorKey(caught)) });
    }
  };
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <Button variant="secondary" size="sm" disabled={state === 'sending' || !email} onClick={() => void send()}>
        {t('auth.verify.resend')}
      </Button>
      <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {state === 'sent' ? t('auth.verify.resent', { email }) : typeof state === 'object' ? state.error : ''}
      </p>
    </div>
  );
}
