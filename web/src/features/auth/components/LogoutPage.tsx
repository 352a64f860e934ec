import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../api/errors';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useLogout } from '../hooks/useLogout';

/** `/auth/logout`: a centred Logout button that reads "Logging out..." while it works. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout({
    onLoggedOut: async () => {
      notify('success', t('logout.done'));
      await navigate('/', { replace: true, flushSync: true });
    },
    onFailed: (error) => notify('error', t('logout.error', { error: errorText(error) })),
  });
  useEffect(() => {
    document.title = t('logout.documentTitle');
  }, [t]);
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-semibold">{t('logout.title')}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t('logout.intro')}</p>
      <Button disabled={logout.isPending} aria-live="polite" onClick={() => logout.mutate()}>
        {logout.isPending ? t('logout.inProgress') : t('nav.logout')}
      </Button>
    </div>
  );
}
