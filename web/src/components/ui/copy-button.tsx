import { useEffect, useState } from 'react';
import { CheckIcon } from './icons';

// The one copy-to-clipboard implementation of the app: a button (`CopyButton`) and a titled,
// left-to-right snippet with its button (`CopyBlock`). Texts come translated from the caller.

/** The button's texts, already translated by the caller. */
export interface CopyButtonText {
  copy: string;
  copied: string;
  failed: string;
  /** Announced to screen readers after a successful copy. */
  copiedAnnounce: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** How long the button says "copied" (or "failed") before going back to "copy". */
export const COPY_FEEDBACK_MS = 2500;

/** Writes to the clipboard and remembers the outcome for a few seconds. */
function useCopy(value: string, onCopy?: (ok: boolean) => void) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    let ok = true;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ok = false;
    }
    setState(ok ? 'copied' : 'failed');
    onCopy?.(ok);
  };
  return { state, copy };
}

/**
 * Copies `value` to the clipboard and says so: the label turns into "copied" (or "failed") for a
 * few seconds and the outcome is announced through a status region. `onCopy` runs after each
 * attempt with its outcome (for analytics).
 */
export function CopyButton({
  value,
  text,
  label,
  onCopy,
  className = '',
}: {
  value: string;
  text: CopyButtonText;
  /** Accessible name, e.g. "Copy the token". */
  label: string;
  onCopy?: (ok: boolean) => void;
  className?: string;
}) {
  const { state, copy } = useCopy(value, onCopy);
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

/** A titled, preformatted snippet (left to right even in Arabic) with its copy button. */
export function CopyBlock({
  title,
  value,
  text,
  label,
  onCopy,
}: {
  title: string;
  value: string;
  text: CopyButtonText;
  /** Accessible name of the button (should name what it copies). */
  label: string;
  onCopy?: (ok: boolean) => void;
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
        <CopyButton value={value} text={text} label={label} onCopy={onCopy} className="self-start py-2" />
      </div>
    </div>
  );
}
