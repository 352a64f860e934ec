import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { useLinkedAccounts } from '../../../api/queries/linked-accounts';
import { profileKey } from '../../../api/queries/profile';
import { sessionKey, useSession } from '../../../api/queries/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { revokeAllSessions, updateProfile } from '../api/account';
import { providerKey } from '../lib/providers';
import { ChangeEmailSection } from './ChangeEmailSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The account's user as the session returns it. */
interface SessionUser {
  name: string;
  email: string;
  image?: string | null;
  twoFactorEnabled?: boolean | null;
}

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/.test(value);

/** `/account`: profile (name, picture), e-mail address, password, two-factor sign-in, sign-in methods, sign out everywhere, delete the account. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);
  const user = session.data?.user;
  if (session.isPending) return <PageSpinner label={t('loading')} />;
  if (!user) {
    return (
      <div className="mx-auto max-w-2xl py-8">
        <Alert tone="error">{t('loadError')}</Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl py-8">
      <p className="text-sm">
        <Link to="/nodes" className="text-brand-600 underline underline-offset-2 dark:text-brand-100">
          {t('backToNodes')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <div className="mt-8 flex flex-col gap-12">
        <ProfileSection key={`${user.name}|${user.image ?? ''}`} user={user} />
        <ChangeEmailSection email={user.email} />
        <ChangePasswordSection />
        <TwoFactorSection enabled={user.twoFactorEnabled === true} />
        <MethodsSection />
        <SignOutEverywhere />
        <DeleteAccountSection />
      </div>
    </div>
  );
}

function Avatar({ name, email, image }: { name: string; email: string; image: string }) {
  const [broken, setBroken] = useState(false);
  if (image && !broken) {
    return (
      <img
        src={image}
        alt=""
        width={64}
        height={64}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="h-16 w-16 shrink-0 rounded-full object-cover"
      />
    );
  }
  const initial = Array.from(name.trim() || email.trim())[0]?.toLocaleUpperCase() ?? 'U';
  return (
    <span
      aria-hidden="true"
      className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white"
    >
      {initial}
    </span>
  );
}

function ProfileSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? '');
  const [submitted, setSubmitted] = useState(false);
  const nameError = submitted && !name.trim() ? t('profile.nameRequired') : null;
  const imageError = submitted && image.trim() && !isHttpUrl(image.trim()) ? t('profile.imageInvalid') : null;
  const changed = name !== user.name || image !== (user.image ?? '');

  const save = useMutation({
    mutationFn: () => updateProfile({ name: name.trim(), image: image.trim() || null }),
    onSuccess: async () => {
      analytics.track('Account Profile Updated');
      notify('success', t('profile.saved'));
      setSubmitted(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKey() }),
        queryClient.invalidateQueries({ queryKey: profileKey() }),
      ]);
    },
    onError: (error) => notify('error', t('profile.failed', { reason: readerErrorText(error) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!name.trim() || (image.trim() && !isHttpUrl(image.trim()))) return;
    save.mutate();
  };

  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-xl font-semibold">
        {t('profile.title')}
      </h2>
      <div className="mt-4 flex min-w-0 items-center gap-4">
        <Avatar name={user.name} email={user.email} image={user.image ?? ''} />
        <div className="min-w-0">
          <p dir="auto" className="break-words text-start font-semibold">
            {user.name || user.email}
          </p>
          <p dir="ltr" className="break-all text-start text-sm text-slate-600 dark:text-slate-400">
            {user.email}
          </p>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label={t('profile.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          maxLength={100}
          autoComplete="name"
          required
        />
        <TextField
          label={t('profile.image')}
          type="url"
          dir="ltr"
          placeholder="https://"
          value={image}
          onChange={(event) => setImage(event.target.value)}
          error={imageError}
        />
        {save.isError ? <Alert tone="error">{readerErrorText(save.error)}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function MethodsSection() {
  const { t, i18n } = useTranslation('account');
  const accounts = useLinkedAccounts();
  const since = (iso: string) => (iso ? formatDate(iso, i18n.resolvedLanguage ?? 'en') : '');
  return (
    <section aria-labelledby="methods-title">
      <h2 id="methods-title" className="text-xl font-semibold">
        {t('methods.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('methods.intro')}</p>
      {accounts.isPending ? (
        <Spinner label={t('methods.loading')} className="mt-4" />
      ) : accounts.isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('methods.error')}</Alert>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {accounts.data.map((account) => {
            const key = providerKey(account.providerId);
            return (
              <li key={account.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2 p-3">
                <span className="font-medium">{key ? t(`methods.providers.${key}`) : account.providerId}</span>
                {account.createdAt ? (
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t('methods.since', { date: since(account.createdAt) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SignOutEverywhere() {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: () => {
      analytics.track('Signed Out Everywhere');
      notify('success', t('signOut.done'));
      setConfirming(false);
      // Every session is gone, this one too: drop what this tab kept and start again signed out.
      window.setTimeout(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        window.location.assign('/auth/login');
      }, 1500);
    },
    onError: (error) => notify('error', t('signOut.failed', { reason: readerErrorText(error) })),
  });
  return (
    <section aria-labelledby="signout-title" className="rounded-xl border border-red-300 p-4 dark:border-red-900">
      <h2 id="signout-title" className="text-xl font-semibold">
        {t('signOut.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('signOut.body')}</p>
      <div className="mt-4 flex justify-end">
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={revoke.isSuccess}>
          {t('signOut.action')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('signOut.confirmTitle')}
        description={t('signOut.confirmBody')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              {revoke.isPending ? t('signOut.inProgress') : t('signOut.action')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
