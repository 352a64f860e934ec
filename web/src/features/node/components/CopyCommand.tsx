import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';

/** A shell command with a copy button that confirms (visibly and to screen readers) what happened. */
export function CopyCommand({ label, command }: { label: string; command: string }) {
  const { t } = useTranslation('node');
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
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</p>
      <div className="mt-1 flex min-w-0 items-stretch gap-2">
        <pre
          dir="ltr"
          className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
        >
          <code>{command}</code>
        </pre>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('install.copyLabel', { command })}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {state === 'copied' ? <CheckIcon width={16} height={16} aria-hidden="true" /> : null}
          {state === 'copied' ? t('install.copied') : state === 'failed' ? t('install.copyFailed') : t('install.copy')}
        </button>
      </div>
      <p role="status" className="sr-only">
        {state === 'copied' ? t('install.copiedAnnounce') : state === 'failed' ? t('install.copyFailed') : ''}
      </p>
    </div>
  );
}
