import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keyFor } from '../../../api/keys';
import { Button } from '../../../components/ui/button';
import { type AdminUser, updateUser, useAdminUsers, useOwnUserId } from '../api/people';
import { useAdminWrite } from '../api/write';
import { AdminPage, NS } from './admin-page';
import { Badge } from './badge';
import { ConfirmDialog } from './confirm-dialog';
import { ListState } from './list-state';
import { SearchForm } from './SearchForm';
import { UrlPager, usePageParam } from './url-paging';

type UserAction = { user: AdminUser; kind: 'admin' | 'ban' };
type UserChange = { user: AdminUser; isAdmin?: boolean; banned?: boolean; reason?: string };

/** `/admin/users`: search accounts, make or revoke admin, ban or unban. */
export function AdminUsersPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = usePageParam();
  const users = useAdminUsers({ q, page });
  const ownId = useOwnUserId().data;
  const [action, setAction] = useState<UserAction | null>(null);
  const change = useAdminWrite({
    run: ({ user, ...body }: UserChange) => updateUser(user.id, body),
    event: 'Admin User Updated',
    properties: ({ user, isAdmin, banned }) => ({ user_id: user.id, is_admin: isAdmin, banned }),
    success: ({ user, isAdmin, banned }) =>
      isAdmin === true
        ? t('users.madeAdmin', { email: user.email })
        : isAdmin === false
          ? t('users.revokedAdmin', { email: user.email })
          : banned
            ? t('users.bannedDone', { email: user.email })
            : t('users.unbannedDone', { email: user.email }),
    failure: (message) => t('failed', { message }),
    invalidate: () => [keyFor('/admin/users')],
    onDone: () => setAction(null),
  });
  const user = action?.user;
  const makingAdmin = user ? !user.isAdmin : false;
  const banning = user ? user.status !== 'BANNED' : false;
  return (
    <AdminPage title={t('users.title')}>
      <SearchForm key={q} label={t('users.search')} />
      <section aria-labelledby="admin-users-results" aria-busy={users.isFetching} className="mt-6">
        <h2 id="admin-users-results" className="text-lg font-semibold">
          {users.data ? t('users.count', { count: users.data.total }) : t('users.results')}
        </h2>
        <ListState
          isPending={users.isPending}
          isError={users.isError}
          empty={users.data?.users.length === 0}
          onRetry={() => void users.refetch()}
        >
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {users.data?.users.map((u) => {
              const banned = u.status === 'BANNED';
              // Admins never ban or demote themselves (the server refuses too): another admin must.
              const self = u.id === ownId;
              return (
                <li key={u.id} className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 p-3">
                  <div className="min-w-0 flex-1 basis-48">
                    <p dir="auto" className="break-words font-semibold">
                      {u.name || u.email}
                    </p>
                    <p className="break-all text-sm text-slate-600 dark:text-slate-400">
                      <span dir="ltr">{u.email}</span>
                    </p>
                    {banned && u.status_reason ? (
                      <p dir="auto" className="break-words text-sm">
                        {t('users.reason', { reason: u.status_reason })}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {self ? <Badge tone="blue">{t('users.you')}</Badge> : null}
                    {u.isAdmin ? <Badge tone="blue">{t('users.admin')}</Badge> : null}
                    {banned ? <Badge tone="red">{t('banned')}</Badge> : null}
                    {self ? null : (
                      <>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={
                            u.isAdmin
                              ? t('users.revokeNamed', { email: u.email })
                              : t('users.makeNamed', { email: u.email })
                          }
                          onClick={() => setAction({ user: u, kind: 'admin' })}
                        >
                          {u.isAdmin ? t('users.revoke') : t('users.make')}
                        </Button>
                        <Button
                          variant={banned ? 'secondary' : 'danger'}
                          size="sm"
                          aria-label={
                            banned ? t('users.unbanNamed', { email: u.email }) : t('users.banNamed', { email: u.email })
                          }
                          onClick={() => setAction({ user: u, kind: 'ban' })}
                        >
                          {banned ? t('unban') : t('ban')}
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <UrlPager page={page} totalPages={users.data?.totalPages ?? 1} label={t('users.pages')} />
        </ListState>
      </section>
      <ConfirmDialog
        open={action?.kind === 'admin'}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        title={
          makingAdmin
            ? t('users.makeTitle', { email: user?.email ?? '' })
            : t('users.revokeTitle', { email: user?.email ?? '' })
        }
        description={makingAdmin ? t('users.makeBody') : t('users.revokeBody')}
        confirmLabel={makingAdmin ? t('users.make') : t('users.revoke')}
        danger={!makingAdmin}
        busy={change.isPending}
        onConfirm={() => user && change.mutate({ user, isAdmin: makingAdmin })}
      />
      <ConfirmDialog
        open={action?.kind === 'ban'}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        title={
          banning
            ? t('users.banTitle', { email: user?.email ?? '' })
            : t('users.unbanTitle', { email: user?.email ?? '' })
        }
        description={banning ? t('users.banBody') : t('users.unbanBody')}
        confirmLabel={banning ? t('ban') : t('unban')}
        danger={banning}
        askReason={banning}
        reasonRequired={banning}
        busy={change.isPending}
        onConfirm={(reason) => user && change.mutate({ user, banned: banning, ...(banning ? { reason } : {}) })}
      />
    </AdminPage>
  );
}
