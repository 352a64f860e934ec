import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { NS } from './admin-page';
import { fieldClass } from './fields';

/**
 * Confirms an action in a dialog, optionally asking for a reason (required when `reasonRequired`).
 * The confirm button carries the action's name so screen readers hear what it does.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger = false,
  askReason = false,
  reasonRequired = false,
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  askReason?: boolean;
  reasonRequired?: boolean;
  busy?: boolean;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = askReason && reasonRequired && reason.trim() === '';
  useEffect(() => {
    if (open) {
      setReason('');
      setTried(false);
    }
  }, [open]);
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => {
              setTried(true);
              if (!missing) onConfirm(reason.trim());
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {askReason ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {reasonRequired ? t('reason.required') : t('reason.optional')}
          </label>
          <textarea
            id={id}
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={tried && missing ? true : undefined}
            aria-describedby={tried && missing ? `${id}-error` : undefined}
            className={`min-h-20 py-2 ${fieldClass}`}
          />
          {tried && missing ? (
            <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
              {t('reason.missing')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
