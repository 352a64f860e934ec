import { useEffect, useState } from 'react';
import { CheckIcon } from './icons';

/** The button's texts, already translated by the caller. */
export interface CopyButtonText {
  copy: string;
  copied: string;
  failed: string;
  /** Announced to screen readers after a successful copy. */
  copiedAnnounce: string;
}

/**
 * Copies `value` to the clipboard and says so: the label turns into "copied" (or "failed") for a
 * few seconds and the outcome is announced through a status region.
 */
export function CopyButton({
  value,
  text,
  label,
  onCopied,
  className = '',
}: {
  value: string;
  text: CopyButtonText;
  /** Accessible name, e.g. "Copy the token". */
  label: string;
  onCopied?: () => void;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        className={`inline-flex shrink-0 items-center justify-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800 ${className}`}
      >
        {state === 'copied' ? <CheckIcon width={16} height={16} aria-hidden="true" /> : null}
        <span aria-hidden="true">
          {state === 'copied' ? text.copied : state === 'failed' ? text.failed : text.copy}
        </span>
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? text.copiedAnnounce : state === 'failed' ? text.failed : ''}
      </span>
    </>
  );
}

/** A preformatted snippet (left to right even in Arabic) with its copy button. */
export function CopyBlock({
  title,
  value,
  text,
  label,
  onCopied,
}: {
  title: string;
  value: string;
  text: CopyButtonText;
  label: string;
  onCopied?: () => void;
}) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{title}</p>
      <div className="mt-1 flex min-w-0 items-stretch gap-2">
        <pre
          dir="ltr"
          className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-start text-sm dark:bg-slate-800"
        >
          <code>{value}</code>
        </pre>
        <CopyButton value={value} text={text} label={label} onCopied={onCopied} className="self-start py-2" />
      </div>
    </div>
  );
}
