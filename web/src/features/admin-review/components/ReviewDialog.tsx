import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import type { ReviewAction, VersionRef } from '../api/review-versions';
import { versionKey } from '../lib/selection';

export interface ReviewDialogProps {
  /** The decision being confirmed, or null when closed. */
  action: ReviewAction | null;
  versions: VersionRef[];
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Confirms approving or rejecting one or many versions, with an optional reason. */
export function ReviewDialog({ action, versions, busy, onConfirm, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (action) setReason('');
  }, [action]);
  const count = versions.length;
  const title = action === 'reject' ? t('dialog.rejectTitle', { count }) : t('dialog.approveTitle', { count });
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={action === 'reject' ? t('dialog.rejectBody') : t('dialog.approveBody')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('dialog.cancel')}</Button>
          </DialogClose>
          <Button
            variant={action === 'reject' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => onConfirm(reason)}
          >
            {action === 'reject' ? t('dialog.confirmReject', { count }) : t('dialog.confirmApprove', { count })}
          </Button>
        </>
      }
    >
      <ul className="max-h-32 space-y-1 overflow-y-auto text-sm" aria-label={t('dialog.versionsLabel')}>
        {versions.map((v) => (
          <li key={versionKey(v)} dir="ltr" className="break-all text-start font-mono">
            {versionKey(v)}
          </li>
        ))}
      </ul>
      <form
        className="mt-4 flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm(reason);
        }}
      >
        <label htmlFor={reasonId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('dialog.reason')}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={2000}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !busy) onConfirm(reason);
          }}
          placeholder={action === 'reject' ? t('dialog.rejectPlaceholder') : t('dialog.approvePlaceholder')}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('dialog.reasonHint')}</p>
      </form>
    </Dialog>
  );
}
