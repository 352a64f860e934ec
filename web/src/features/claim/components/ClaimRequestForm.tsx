import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { ownClaimRequestsKey, useOwnClaimRequests } from '../../../api/queries/own-claim-requests';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ContactAdmins } from '../../../components/ui/contact-admins';
import { Spinner } from '../../../components/ui/spinner';
import { analytics } from '../../../lib/analytics-client';
import { requestClaim } from '../api/claim';
import { ClaimProofPanel } from './ClaimProofPanel';

/**
 * Without GitHub sign-in the claim becomes a request to the administrators, proven by a file the
 * requester commits to the repository: first the chosen publisher and a message, then (once the
 * request exists) the proof panel with the token and a "check now" button.
 */
export function ClaimRequestForm({
  nodeId,
  publisherId,
  repository,
  packLink,
}: {
  nodeId: string;
  publisherId: string;
  repository: string;
  packLink: string;
}) {
  const { t } = useTranslation('claim');
  const messageId = useId();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const own = useOwnClaimRequests(nodeId, true);
  const send = useMutation({
    mutationFn: () => requestClaim(nodeId, publisherId, message),
    onSuccess: async () => {
      analytics.track('Pack Claim Requested', { nodeId, publisherId });
      await queryClient.invalidateQueries({ queryKey: ownClaimRequestsKey(nodeId) });
    },
  });

  const pending = own.data?.find((request) => request.status === 'pending');
  if (pending) {
    return (
      <>
        {send.isSuccess ? (
          <Alert tone="success">
            <p className="font-semibold">{t('request.sentTitle')}</p>
            <p className="mt-1">{t('request.sentBody')}</p>
          </Alert>
        ) : null}
        <ClaimProofPanel request={pending} repository={repository} packLink={packLink} />
      </>
    );
  }
  if (own.isPending || send.isSuccess) return <Spinner label={t('loading')} />;

  const reason = send.error instanceof ApiError ? readerErrorText(send.error) : '';
  return (
    <section aria-labelledby="claim-request-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="claim-request-title" className="text-lg font-semibold">
        {t('request.title')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('request.body')}</p>
      <label htmlFor={messageId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('request.message')}
      </label>
      <textarea
        id={messageId}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={4}
        maxLength={2000}
        dir="auto"
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('request.messageHelp')}</p>
      <ContactAdmins />
      {send.isError ? (
        <Alert tone="error">
          <p>{t('request.failed')}</p>
          {reason ? <p className="mt-1 break-words">{reason}</p> : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled={!publisherId || send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? t('request.sending') : t('request.send')}
        </Button>
        <Link to={packLink} className={buttonClass('ghost')}>
          {t('cancel')}
        </Link>
      </div>
    </section>
  );
}
