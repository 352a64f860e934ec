import {
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';

export const NS = 'admin-catalogue';

export const fieldClass =
  'rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** The page frame every admin catalogue screen shares: back link, title, optional intro. */
export function AdminPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(NS);
  useEffect(() => {
    document.title = t('documentTitle', { title });
  }, [t, title]);
  return (
    <div className="mx-auto min-w-0 max-w-5xl py-6">
      <Link
        to="/admin"
        className="text-sm text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-100"
      >
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ←
        </span>{' '}
        {t('backToAdmin')}
      </Link>
      <h1 dir="auto" className="mt-3 break-words text-start text-2xl font-bold sm:text-3xl">
        {title}
      </h1>
      {intro ? <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  children,
  className = '',
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={id} className={`h-10 ${fieldClass}`} {...props}>
        {children}
      </select>
    </div>
  );
}

/** A labelled textarea with an optional hint. */
export function TextareaField({
  label,
  hint,
  className = '',
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`min-h-20 py-2 ${fieldClass}`}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const tones = {
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  grey: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  blue: 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100',
} as const;

/** A small coloured label. */
export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}

/** Previous / next paging that keeps the page in the URL (`page`). */
export function UrlPager({ page, totalPages, label }: { page: number; totalPages: number; label: string }) {
  const [params, setParams] = useSearchParams();
  const goTo = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    setParams(copy);
  };
  return <Pager page={page} totalPages={totalPages} label={label} onPage={goTo} />;
}

/** The page number in the URL (1 when missing or bad). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(parsed) && parsed > 1 ? parsed : 1;
}

/** Loading, error and empty states of a list; renders the list otherwise. */
export function ListState({
  isPending,
  isError,
  empty,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  if (isPending) return <Spinner label={t('loading')} className="mt-4" />;
  if (isError) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <Alert tone="error">{t('loadError')}</Alert>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (empty) return <p className="mt-4 text-slate-700 dark:text-slate-300">{t('empty')}</p>;
  return <>{children}</>;
}

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
