import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A section's texts for one list, already translated in its namespace. */
export interface ListStateText {
  loading: string;
  /** Shown when the list loaded empty (lists that are never empty leave it out). */
  empty?: ReactNode;
  /** The retry button's label; without it no button is offered. */
  retry?: string;
}

/**
 * What a section shows for a list it fetched: a spinner while the first answer is on its way, the
 * failure in words (with a retry when the section offers one), the empty text, or the list. Every
 * list of the app says these three states the same way.
 */
export function ListState({
  isPending,
  failure,
  empty = false,
  text,
  onRetry,
  children,
}: {
  isPending: boolean;
  /** Why the list could not be loaded, or null when it was. */
  failure: ReactNode | null;
  empty?: boolean;
  text: ListStateText;
  onRetry?: () => void;
  children: ReactNode;
}) {
  if (isPending) return <Spinner label={text.loading} className="mt-4" />;
  if (failure !== null) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <Alert tone="error">{failure}</Alert>
        {onRetry && text.retry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {text.retry}
          </Button>
        ) : null}
      </div>
    );
  }
  if (empty) return <p className="mt-4 text-slate-700 dark:text-slate-300">{text.empty}</p>;
  return <>{children}</>;
}
