import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { keyFor } from '../../../api/keys';
import { checkClaimRequestProof } from '../../../api/queries/own-claim-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { type AdminClaimRequest, decideClaimRequest, usePendingClaimRequests } from '../api/claim-requests';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * `/admin/claim-requests` (admins): requests to claim unclaimed packs on a registry without
 * GitHub sign-in, each with the registry's latest reading of its proof file in the repository.
 * Approving (only once the proof is found, and after a confirmation) moves the pack to the
 * requested publisher; either way the requester is e-mailed the decision and the note.
 */
export function ClaimRequestsPage() {
  const { t } = useTranslation('admin');
  const requests = usePendingClaimRequests();
  useEffect(() => {
    document.title = t('claims.documentTitle');
  }, [t]);
  return (
    <div className="mx-auto max-w-4xl py-8">
      <p className="text-sm">
        <Link to="/admin" className={linkClass}>
          {t('claims.back')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t('claims.title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('claims.intro')}</p>
      {requests.isPending ? (
        <Spinner label={t('loading')} className="mt-6" />
      ) : requests.isError ? (
        <div className="mt-6 space-y-3">
          <Alert tone="error">{t('claims.loadError')}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : requests.data.requests.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">{t('claims.empty')}</p>
      ) : (
        <ul aria-label={t('claims.listLabel')} className="mt-6 flex flex-col gap-4">
          {requests.data.requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RequestCard({ request }: { request: AdminClaimRequest }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const pack = request.node_name || request.node_id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyFor('/admin/claim-requests') });
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideClaimRequest(request.id, approve, note),
    onSuccess: async (_, approve) => {
      setConfirming(false);
      notify('success', t(approve ? 'claims.approved' : 'claims.denied', { pack }));
      await refresh();
    },
    onError: (error) => {
      setConfirming(false);
      notify('error', t('claims.failed', { reason: error instanceof ApiError ? readerErrorText(error) : '' }));
    },
  });
  const check = useMutation({
    mutationFn: () => checkClaimRequestProof(request.id),
    onSuccess: () => refresh(),
    onError: (error) =>
      notify('error', t('claims.checkFailed', { reason: error instanceof ApiError ? readerErrorText(error) : '' })),
  });
  const { proof } = request;
  const proven = proof.status === 'verified';
  return (
    <li
      aria-label={t('claims.itemLabel', { pack })}
      className="min-w-0 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 className="break-words text-lg font-semibold">
        <Link to={`/nodes/${encodeURIComponent(request.node_id)}`} className={linkClass}>
          <span dir="auto">{pack}</span>
        </Link>
      </h2>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-slate-600 dark:text-slate-400">{t('claims.publisher')}</dt>
        <dd className="min-w-0 break-words">
          <Link to={`/publishers/${encodeURIComponent(request.publisher_id)}`} className={linkClass}>
            <span dir="auto">{request.publisher_name || request.publisher_id}</span>
          </Link>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('claims.requester')}</dt>
        <dd className="min-w-0 break-words">
          <span dir="auto">{request.requester.name}</span> <span dir="ltr">&lt;{request.requester.email}&gt;</span>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('claims.repository')}</dt>
        <dd className="min-w-0 break-all" dir="ltr">
          {request.node_repository || '—'}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('claims.sent')}</dt>
        <dd>{formatDate(request.created_at, i18n.resolvedLanguage ?? 'en')}</dd>
      </dl>
      <div
        data-testid="claim-proof"
        className={`mt-3 rounded-lg border p-3 text-sm ${
          proven
            ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950'
            : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950'
        }`}
      >
        <p className="font-semibold">{t(`claims.proof.${proof.status}`)}</p>
        {proof.reason ? <p className="mt-1">{t(`claims.proof.reasons.${proof.reason}`)}</p> : null}
        <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="text-slate-700 dark:text-slate-300">{t('claims.proof.address')}</dt>
          <dd className="min-w-0 break-all" dir="ltr">
            {proof.url}
          </dd>
          <dt className="text-slate-700 dark:text-slate-300">{t('claims.proof.token')}</dt>
          <dd className="min-w-0 break-all font-mono" dir="ltr">
            {proof.token}
          </dd>
          {proof.detail ? (
            <>
              <dt className="text-slate-700 dark:text-slate-300">{t('claims.proof.evidence')}</dt>
              <dd className="min-w-0 break-words" dir="ltr">
                {proof.detail}
              </dd>
            </>
          ) : null}
          {proof.checked_at ? (
            <>
              <dt className="text-slate-700 dark:text-slate-300">{t('claims.proof.checked')}</dt>
              <dd>{formatDate(proof.checked_at, i18n.resolvedLanguage ?? 'en')}</dd>
            </>
          ) : null}
        </dl>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          {check.isPending ? t('claims.proof.checking') : t('claims.proof.checkNow')}
        </Button>
      </div>
      <p
        dir="auto"
        className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800"
      >
        {request.message || t('claims.noMessage')}
      </p>
      <label htmlFor={noteId} className="mt-3 block text-sm font-medium">
        {t('claims.note')}
      </label>
      <textarea
        id={noteId}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={2}
        maxLength={2000}
        dir="auto"
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending || !proven} onClick={() => setConfirming(true)}>
          {t('claims.approve')}
        </Button>
        <Button variant="secondary" size="sm" disabled={decide.isPending} onClick={() => decide.mutate(false)}>
          {t('claims.deny')}
        </Button>
      </div>
      {proven ? null : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('claims.approveNeedsProof')}</p>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('claims.confirmTitle', { pack })}
        description={t('claims.confirmBody', {
          pack,
          publisher: request.publisher_name || request.publisher_id,
        })}
        footer={
          <>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              {t('claims.confirmCancel')}
            </Button>
            <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate(true)}>
              {t('claims.confirmApprove')}
            </Button>
          </>
        }
      >
        <p className="text-sm break-all" dir="ltr">
          {proof.url}
        </p>
      </Dialog>
    </li>
  );
}
