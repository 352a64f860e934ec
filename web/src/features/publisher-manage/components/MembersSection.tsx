import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publisherKey } from '../../../api/queries/publisher';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListState } from '../../../components/ui/list-state';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  changeMemberRole,
  type Invitation,
  invitationsKey,
  inviteMember,
  type Member,
  membersKey,
  type Role,
  removeMember,
  revokeInvitation,
  useInvitations,
  useMembers,
} from '../api/members';
import { serverReason } from '../lib/profile-form';

const selectClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * Who belongs to the publisher: invite by e-mail (people join once they accept), withdraw an
 * invitation, change roles, remove (never the last owner).
 */
export function MembersSection({ publisherId }: { publisherId: string }) {
  const { t, i18n } = useTranslation('publisher-manage');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const members = useMembers(publisherId);
  const invitations = useInvitations(publisherId);
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(publisherId) }),
      queryClient.invalidateQueries({ queryKey: publisherKey(publisherId) }),
      queryClient.invalidateQueries({ queryKey: invitationsKey(publisherId) }),
    ]);
  const failed = (action: string) => (error: unknown) => {
    const reason = serverReason(error);
    setProblem(reason);
    notify('error', t('members.failed', { reason }));
    analytics.track('Publisher Member Change Failed', { publisherId, action });
  };

  const add = useMutation({
    mutationFn: () => inviteMember(publisherId, { email: email.trim(), role }),
    onSuccess: async (invitation) => {
      analytics.track('Publisher Member Invited', { publisherId, role: invitation.role });
      notify('success', t('members.invited', { email: invitation.email }));
      setEmail('');
      setProblem(null);
      await refresh();
    },
    onError: failed('invite'),
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(publisherId, invitation.id),
    onSuccess: async (_, invitation) => {
      analytics.track('Publisher Invitation Withdrawn', { publisherId });
      notify('success', t('members.revoked', { email: invitation.email }));
      setProblem(null);
      await refresh();
    },
    onError: async (error) => {
      failed('revoke')(error);
      await refresh();
    },
  });
  const change = useMutation({
    mutationFn: (input: { member: Member; role: Role }) =>
      changeMemberRole(publisherId, input.member.user.id, input.role),
    onSuccess: async (member) => {
      analytics.track('Publisher Member Role Changed', { publisherId, role: member.role });
      notify('success', t('members.roleChanged', { name: member.user.name, role: t(`members.roles.${member.role}`) }));
      setProblem(null);
      await refresh();
    },
    onError: async (error) => {
      failed('role')(error);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (member: Member) => removeMember(publisherId, member.user.id),
    onSuccess: async (_, member) => {
      analytics.track('Publisher Member Removed', { publisherId });
      notify('success', t('members.removed', { name: member.user.name }));
      setRemoving(null);
      setProblem(null);
      await refresh();
    },
    onError: (error) => {
      setRemoving(null);
      failed('remove')(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setEmailError(t('members.emailInvalid'));
      return;
    }
    setEmailError(null);
    add.mutate();
  };

  return (
    <section id="members" aria-labelledby="members-title" className="scroll-mt-20">
      <h2 id="members-title" className="text-xl font-semibold">
        {t('members.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('members.intro')}</p>
      {problem ? (
        <div className="mt-3">
          <Alert tone="error">{problem}</Alert>
        </div>
      ) : null}
      <ListState
        isPending={members.isPending}
        failure={members.isError ? serverReason(members.error) : null}
        text={{ loading: t('members.loading') }}
      >
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {(members.data ?? []).map((member) => (
            <li key={member.id} className="flex min-w-0 flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p dir="auto" className="break-words text-start font-medium">
                  {member.user.name || member.user.email}
                </p>
                {member.user.email ? (
                  <p dir="ltr" className="break-all text-start text-sm text-slate-600 dark:text-slate-400">
                    {member.user.email}
                  </p>
                ) : null}
              </div>
              <select
                aria-label={t('members.roleOf', { name: member.user.name || member.user.email })}
                className={selectClass}
                value={member.role}
                disabled={change.isPending}
                onChange={(event) => change.mutate({ member, role: event.target.value as Role })}
              >
                <option value="owner">{t('members.roles.owner')}</option>
                <option value="member">{t('members.roles.member')}</option>
              </select>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRemoving(member)}
                aria-label={t('members.removeLabel', { name: member.user.name || member.user.email })}
              >
                {t('members.remove')}
              </Button>
            </li>
          ))}
        </ul>
      </ListState>
      {invitations.data && invitations.data.length > 0 ? (
        <div className="mt-6" data-testid="pending-invitations">
          <h3 className="text-base font-semibold">{t('members.pendingTitle')}</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-dashed border-slate-300 dark:divide-slate-800 dark:border-slate-700">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="flex min-w-0 flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p dir="ltr" className="break-all text-start font-medium">
                    {invitation.email}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('members.pendingLine', {
                      role: t(`members.roles.${invitation.role}`),
                      date: formatDate(invitation.expiresAt, language),
                    })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation)}
                  aria-label={t('members.revokeLabel', { email: invitation.email })}
                >
                  {t('members.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-4 flex min-w-0 flex-wrap items-start gap-3">
        <TextField
          label={t('members.email')}
          type="email"
          dir="ltr"
          className="min-w-0 flex-1 basis-56"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          autoComplete="off"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('members.role')}
          </label>
          <select id={roleId} className={selectClass} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="member">{t('members.roles.member')}</option>
            <option value="owner">{t('members.roles.owner')}</option>
          </select>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={add.isPending || !email.trim()}>
          {add.isPending ? t('members.inviting') : t('members.invite')}
        </Button>
      </form>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('members.removeTitle')}
        description={t('members.removeBody', { name: removing?.user.name || removing?.user.email || '' })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => (removing ? remove.mutate(removing) : undefined)}
            >
              {t('members.remove')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
