import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readerErrorText } from '../../../api/error-message';
import { myPublishersKey } from '../../../api/queries/my-publishers';
import { Button } from '../../../components/ui/button';
import { analytics } from '../../../lib/analytics-client';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  acceptInvitation,
  declineInvitation,
  myInvitationsKey,
  type ReceivedInvitation,
  useMyInvitations,
} from '../api/invitations';

/**
 * Invitations to join publishers, waiting for the signed-in account's answer (the invitation
 * e-mail links here). Nothing shows when there are none.
 */
export function InvitationsPanel() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const invitations = useMyInvitations();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myInvitationsKey() }),
      queryClient.invalidateQueries({ queryKey: myPublishersKey() }),
    ]);
  const answer = useMutation({
    mutationFn: ({ invitation, accept }: { invitation: ReceivedInvitation; accept: boolean }) =>
      accept ? acceptInvitation(invitation.id) : declineInvitation(invitation.id),
    onSuccess: async (_, { invitation, accept }) => {
      const publisher = invitation.publisher.name || invitation.publisher.id;
      analytics.track(accept ? 'Publisher Invitation Accepted' : 'Publisher Invitation Declined', {
        publisherId: invitation.publisher.id,
      });
      notify('success', t(accept ? 'invitations.accepted' : 'invitations.declined', { publisher }));
      await refresh();
    },
    onError: async (error) => {
      notify('error', t('invitations.failed', { reason: readerErrorText(error) }));
      await refresh();
    },
  });
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section
      id="invitations"
      aria-labelledby="invitations-title"
      className="mt-8 min-w-0 scroll-mt-20 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-6 dark:border-amber-700/60 dark:bg-amber-950/30"
    >
      <h2 id="invitations-title" className="text-xl font-semibold">
        {t('invitations.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('invitations.intro')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {invitations.data.map((invitation) => {
          const publisher = invitation.publisher.name || invitation.publisher.id;
          return (
            <li
              key={invitation.id}
              className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="min-w-0 flex-1">
                <p dir="auto" className="break-words text-start font-medium">
                  {t('invitations.line', {
                    inviter: invitation.invitedBy.name,
                    publisher,
                    role: t(`invitations.roles.${invitation.role}`),
                  })}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <span dir="ltr">@{invitation.publisher.id}</span>
                  {' · '}
                  {t('invitations.expires', { date: formatDate(invitation.expiresAt, language) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ invitation, accept: true })}
                  aria-label={t('invitations.acceptLabel', { publisher })}
                >
                  {t('invitations.accept')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ invitation, accept: false })}
                  aria-label={t('invitations.declineLabel', { publisher })}
                >
                  {t('invitations.decline')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
