import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import {
  type ClaimRequest,
  checkClaimRequestProof,
  ownClaimRequestsKey,
} from '../../../api/queries/own-claim-requests';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { CopyBlock } from '../../../components/ui/copy-button';
import { formatDate } from '../../../lib/format';

/**
 * A pending claim request and how to prove it: the file to commit on the repository's default
 * branch, the line it must hold, and a button that makes the registry read it now. The
 * administrators can approve only once the registry has found it.
 */
export function ClaimProofPanel({
  request,
  repository,
  packLink,
}: {
  request: ClaimRequest;
  repository: string;
  packLink: string;
}) {
  const { t, i18n } = useTranslation('claim');
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => checkClaimRequestProof(request.id),
    onSuccess: (checked) => {
      queryClient.setQueryData(ownClaimRequestsKey(request.node_id), (old: { requests: ClaimRequest[] } | undefined) =>
        old ? { requests: old.requests.map((r) => (r.id === checked.id ? checked : r)) } : old,
      );
    },
  });
  const { proof } = request;
  const copyText = {
    copy: t('proof.copy'),
    copied: t('proof.copied'),
    failed: t('proof.copyFailed'),
    copiedAnnounce: t('proof.copiedAnnounce'),
  };
  const checkedAt = proof.checked_at ? formatDate(proof.checked_at, i18n.resolvedLanguage ?? 'en') : '';
  return (
    <section
      aria-labelledby="claim-proof-title"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="claim-proof-title" className="text-lg font-semibold">
        {t('proof.title')}
      </h2>
      <p data-testid="claim-request-status" className="font-medium">
        {proof.status === 'verified' ? t('proof.pendingVerified') : t('proof.pending')}
      </p>
      <ol className="flex list-decimal flex-col gap-3 ps-5 text-slate-700 dark:text-slate-300">
        <li>
          {t('proof.stepFile', { repo: repository })}
          <CopyBlock title={t('proof.fileName')} value={proof.file} text={copyText} label={t('proof.copyFile')} />
        </li>
        <li>
          {t('proof.stepToken')}
          <CopyBlock title={t('proof.tokenLine')} value={proof.token} text={copyText} label={t('proof.copyToken')} />
        </li>
        <li>
          {t('proof.stepCheck')}
          <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400" dir="ltr">
            {proof.url}
          </p>
        </li>
      </ol>
      {proof.status === 'verified' ? (
        <Alert tone="success">
          <p data-testid="claim-proof-verified">{t('proof.verified')}</p>
          {checkedAt ? <p className="mt-1 text-sm">{t('proof.checkedAt', { date: checkedAt })}</p> : null}
        </Alert>
      ) : proof.status === 'failed' ? (
        <Alert tone="error">
          <p data-testid="claim-proof-failure">{t(`proof.reasons.${proof.reason || 'unsupported'}`)}</p>
          {checkedAt ? <p className="mt-1 text-sm">{t('proof.checkedAt', { date: checkedAt })}</p> : null}
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert tone="error">
          <p>{t('proof.checkFailed')}</p>
          {check.error instanceof ApiError ? <p className="mt-1 break-words">{readerErrorText(check.error)}</p> : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? t('proof.checking') : t('proof.checkNow')}
        </Button>
        <Link to={packLink} className={buttonClass('ghost')}>
          {t('backToPack')}
        </Link>
      </div>
    </section>
  );
}
