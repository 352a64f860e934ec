import { useEffect, useState } from 'react';
import { CheckIcon } from './icons';

/** Texts the copy box shows, already translated by the page. */
export interface CopyCommandText {
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  copiedAnnounce: string;
  /** Accessible name of the button (should name the command). */
  buttonLabel: string;
}

/**
 * A shell command with a copy button that confirms, visibly and to screen readers, whether the
 * copy worked. `onCopy` runs after each attempt (for analytics).
 */
export function CopyCommand({
  command,
  text,
  onCopy,
}: {
  command: string;
  text: CopyCommandText;
  onCopy?: (ok: boolean) => void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setState('copied');
      onCopy?.(true);
    } catch {
      setState('failed');
      onCopy?.(false);
    }
  };
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{text.label}</p>
      <div className="mt-1 flex min-w-0 items-stretch gap-2">
        <pre
          dir="ltr"
          className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-start text-sm dark:bg-slate-800"
        >
          <code>{command}</code>
        </pre>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={text.buttonLabel}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {state === 'copied' ? <CheckIcon width={16} height={16} aria-hidden="true" /> : null}
          {state === 'copied' ? text.copied : state === 'failed' ? text.copyFailed : text.copy}
        </button>
      </div>
      <p role="status" className="sr-only">
        {state === 'copied' ? text.copiedAnnounce : state === 'failed' ? text.copyFailed : ''}
      </p>
    </div>
  );
}
