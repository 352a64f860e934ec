import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { analytics } from '../../../lib/analytics-client';
import { authErrorKey } from '../../../lib/auth-error-messages';
import { startFederatedSignIn } from '../api/federated-sign-in';
import type { AuthProvider } from '../api/types';

/**
 * One button per federated provider the server enabled (GitHub, Google, OpenID Connect). The
 * provider sends the person back to `returnTo`; failures come back to this screen.
 */
export function ProviderButtons({ providers, returnTo }: { providers: AuthProvider[]; returnTo: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const start = async (provider: AuthProvider) => {
    setBusy(provider.id);
    setError(null);
    analytics.track('Sign In', { provider: provider.name });
    try {
      const origin = window.location.origin;
      const url = await startFederatedSignIn(
        provider,
        `${origin}${returnTo}`,
        `${origin}/auth/login?fromUrl=${encodeURIComponent(returnTo)}`,
      );
      window.location.assign(url);
    } catch (caught) {
      setError(t(authErrorKey(caught)));
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          className="w-full"
          disabled={busy !== null}
          onClick={() => void start(provider)}
        >
          {busy === provider.id ? t('auth.redirecting') : t('auth.continueWith', { provider: provider.name })}
        </Button>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
