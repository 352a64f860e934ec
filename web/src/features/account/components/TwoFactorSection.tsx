import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkedAccounts } from '../../../api/queries/linked-accounts';
import { sessionKey } from '../../../api/queries/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { notify } from '../../../lib/toast';
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, startTwoFactor } from '../api/account';
import { QrCode } from './QrCode';

/** Where the section is: asking for the password, showing the secret, or showing codes once. */
type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; uri: string; secret: string; codes: string[] }
  | { kind: 'codes'; codes: string[] };

/** The secret in groups of four, easier to type into an authenticator app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-factor sign-in: set up an authenticator app (a QR code of its `otpauth://` link, the secret as text and the link, then a
 * first code to confirm), see the recovery codes once, make new ones, or turn it off. Every
 * change asks for the password. Accounts without a password sign in through their provider,
 * whose own second factor applies, and are told so.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('account');
  const accounts = useLinkedAccounts();
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential') ?? true;
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: sessionKey() });

  const start = useMutation({
    mutationFn: () => startTwoFactor(password),
    onSuccess: ({ totpURI, backupCodes }) => {
      setPassword('');
      setStep({
        kind: 'scan',
        uri: totpURI,
        secret: new URL(totpURI).searchParams.get('secret') ?? '',
        codes: backupCodes,
      });
    },
  });
  const confirm = useMutation({
    mutationFn: () => confirmTwoFactor(code.replace(/\s+/g, '')),
    onSuccess: async () => {
      analytics.track('Two-Factor Enabled');
      if (step.kind === 'scan') setStep({ kind: 'codes', codes: step.codes });
      setCode('');
      notify('success', t('twoFactor.enabled'));
      await refreshSession();
    },
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateRecoveryCodes(password),
    onSuccess: ({ backupCodes }) => {
      setPassword('');
      setStep({ kind: 'codes', codes: backupCodes });
    },
  });
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(password),
    onSuccess: async () => {
      analytics.track('Two-Factor Disabled');
      setPassword('');
      notify('success', t('twoFactor.disabled'));
      await refreshSession();
    },
  });
  const failed = [start, confirm, regenerate, disable].find((m) => m.isError)?.error;
  const busy = [start, confirm, regenerate, disable].some((m) => m.isPending);

  const title = (
    <h2 id="two-factor-title" className="text-xl font-semibold">
      {t('twoFactor.title')}
    </h2>
  );
  if (!hasPassword) {
    return (
      <section aria-labelledby="two-factor-title">
        {title}
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.noPassword')}</p>
      </section>
    );
  }

  if (step.kind === 'codes') {
    return (
      <section aria-labelledby="two-factor-title">
        {title}
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.codesIntro')}</p>
        <ul
          aria-label={t('twoFactor.codesLabel')}
          dir="ltr"
          className="mt-4 grid grid-cols-2 gap-2 rounded-xl border border-slate-200 p-4 font-mono text-sm dark:border-slate-800"
        >
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setStep({ kind: 'idle' })}>{t('twoFactor.codesDone')}</Button>
        </div>
      </section>
    );
  }

  if (step.kind === 'scan') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (/^\d{6}$/.test(code.replace(/\s+/g, ''))) confirm.mutate();
    };
    return (
      <section aria-labelledby="two-factor-title">
        {title}
        <ol className="mt-2 flex list-decimal flex-col gap-2 ps-5 text-sm text-slate-700 dark:text-slate-300">
          <li>{t('twoFactor.scanStep1')}</li>
          <li>{t('twoFactor.scanStep2')}</li>
        </ol>
        <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <QrCode value={step.uri} label={t('twoFactor.qrLabel')} />
          <p className="mt-4 text-sm font-medium">{t('twoFactor.secretLabel')}</p>
          <p dir="ltr" data-testid="two-factor-secret" className="mt-1 break-all text-start font-mono text-lg">
            {grouped(step.secret)}
          </p>
          <a
            href={step.uri}
            className="mt-2 inline-block text-sm text-brand-600 underline underline-offset-2 dark:text-brand-100"
          >
            {t('twoFactor.openApp')}
          </a>
        </div>
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <TextField
            label={t('twoFactor.codeLabel')}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {failed ? <Alert tone="error">{t(authErrorKey(failed), { ns: 'common' })}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy || !/^\d{6}$/.test(code.replace(/\s+/g, ''))}>
              {confirm.isPending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
            </Button>
          </div>
        </form>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password && !enabled) start.mutate();
  };
  return (
    <section aria-labelledby="two-factor-title">
      {title}
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {enabled ? t('twoFactor.onIntro') : t('twoFactor.offIntro')}
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label={t('twoFactor.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {failed ? <Alert tone="error">{t(authErrorKey(failed), { ns: 'common' })}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          {enabled ? (
            <>
              <Button variant="secondary" disabled={!password || busy} onClick={() => regenerate.mutate()}>
                {t('twoFactor.regenerate')}
              </Button>
              <Button variant="danger" disabled={!password || busy} onClick={() => disable.mutate()}>
                {t('twoFactor.disable')}
              </Button>
            </>
          ) : (
            <Button type="submit" disabled={!password || busy}>
              {start.isPending ? t('twoFactor.starting') : t('twoFactor.start')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
