import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/errors';
import { Menu, MenuItem, MenuSeparator } from '../../components/ui/menu';
import type { AuthUser } from '../../features/auth/api/types';
import { useLogout } from '../../features/auth/hooks/useLogout';
import { avatarInitial, avatarLabel } from '../../lib/avatar';
import { notify } from '../../lib/toast';

/** The photo, or the initial when there is none (or it fails to load). */
function Avatar({ user }: { user: AuthUser }) {
  const [broken, setBroken] = useState(false);
  if (user.photoURL && !broken) {
    return (
      <img
        src={user.photoURL}
        alt=""
        width={32}
        height={32}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
    >
      {avatarInitial(user)}
    </span>
  );
}

/** The signed-in user's menu: Your Nodes, Account, Admin Dashboard (admins), Logout. */
export function AvatarMenu({ user, isAdmin }: { user: AuthUser; isAdmin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout({
    onLoggedOut: async () => {
      notify('success', t('logout.done'));
      await navigate('/', { flushSync: true });
    },
    onFailed: (error) => notify('error', t('logout.error', { error: errorText(error) })),
  });
  const label = avatarLabel(user);
  // The menu closes as Logout is chosen, so the header itself says logout is under way until it ends.
  if (logout.isPending) {
    return (
      <span
        role="status"
        className="inline-flex h-10 items-center gap-2 rounded-full pe-2 ps-1 text-sm font-medium"
        data-testid="logging-out"
      >
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 motion-reduce:animate-none dark:border-slate-600 dark:border-t-brand-100"
        />
        {t('logout.inProgress')}
      </span>
    );
  }
  return (
    <Menu
      label={t('account.menuLabel', { name: label })}
      triggerClassName="inline-flex h-10 items-center gap-2 rounded-full pe-2 ps-1 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
      panelClassName="min-w-56 max-w-[calc(100vw-1rem)]"
      trigger={
        <>
          <Avatar user={user} />
          <span className="hidden max-w-40 truncate md:inline">{label}</span>
        </>
      }
    >
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold">{user.displayName || t('account.defaultName')}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
      </div>
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/nodes')}>{t('nav.yourNodes')}</MenuItem>
      <MenuItem onSelect={() => navigate('/account')}>{t('nav.account')}</MenuItem>
      {isAdmin ? <MenuItem onSelect={() => navigate('/admin')}>{t('nav.adminDashboard')}</MenuItem> : null}
      <MenuSeparator />
      <MenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
        {logout.isPending ? t('logout.inProgress') : t('nav.logout')}
      </MenuItem>
    </Menu>
  );
}
