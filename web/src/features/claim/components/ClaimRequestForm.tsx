import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ContactAdmins } from '../../../components/ui/contact-admins';
import { analytics } from '../../../lib/analytics-client';
import { requestClaim } from '../api/claim';

/**
 * Without GitHub sign-in nothing can prove a claim here, so the claim becomes a request to the
 * administrators: the chosen publisher, a message saying why the pack is yours, one button.
 */
export function ClaimRequestForm({
  nodeId,
  publisherId,
  packLink,
}: {
  nodeId: string;
  publisherId: string;
  packLink: string;
}) {
  const { t } = useTranslation('claim');
  const messageId = useId();
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () => requestClaim(nodeId, publisherId, message),
    onSuccess: () => analytics.track('Pack Claim Requested', { nodeId, publisherId }),
  });

  if (send.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-semibold">{t('request.sentTitle')}</p>
        <p className="mt-1">{t('request.sentBody')}</p>
        <Link to={packLink} className={buttonClass('secondary', 'sm', 'mt-3')}>
          {t('backToPack')}
        </Link>
      </Alert>
    );
  }

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
