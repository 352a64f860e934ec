import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { verifySecondFactor } from '../api/email-auth';

interface Props {
  /** Called once the server has set the session cookie. */
  onSignedIn: () => Promise<void>;
  /** Back to the password form (the two-factor step expired or the person gave up). */
  onRestart: () => void;
}

/** The second sign-in step: a 6-digit code from the authenticator app, or a recovery code. */
export function SecondFactorStep({ onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fieldId = useId();
  // The field takes the focus when the step opens and when the kind of code changes.
  useEffect(() => {
    document.getElementById(`${fieldId}-${kind}`)?.focus();
  }, [fieldId, kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await verifySecondFactor(kind, kind === 'totp' ? code.replace(/\s+/g, '') : code.trim());
      await onSignedIn();
    } catch (caught) {
      setError(caught);
      setSubmitting(false);
      setCode('');
    }
  };
  const expired = error instanceof ApiError && error.code === 'TWO_FACTOR_EXPIRED';
  const valid = kind === 'totp' ? /^\d{6}$/.test(code.replace(/\s+/g, '')) : code.trim().length > 0;
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {kind === 'totp' ? t('auth.secondFactor.totpIntro') : t('auth.secondFactor.recoveryIntro')}
      </p>
      <TextField
        id={`${fieldId}-${kind}`}
        key={kind}
        label={kind === 'totp' ? t('auth.secondFactor.totpLabel') : t('auth.secondFactor.recoveryLabel')}
        name="code"
        dir="ltr"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        maxLength={kind === 'totp' ? 7 : 64}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {error ? <Alert tone="error">{t(authErrorKey(error))}</Alert> : null}
      {expired ? (
        <Button variant="secondary" onClick={onRestart}>
          {t('auth.secondFactor.restart')}
        </Button>
      ) : (
        <Button type="submit" disabled={submitting || !valid}>
          {submitting ? t('auth.secondFactor.submitting') : t('auth.secondFactor.submit')}
        </Button>
      )}
      <button
        type="button"
        className="self-start text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100"
        onClick={() => {
          setKind(kind === 'totp' ? 'recovery' : 'totp');
          setCode('');
          setError(null);
        }}
      >
        {kind === 'totp' ? t('auth.secondFactor.useRecovery') : t('auth.secondFactor.useTotp')}
      </button>
    </form>
  );
}
