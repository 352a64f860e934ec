import { Link } from 'react-router';
import { Alert } from './alert';
import { Button } from './button';

/** Texts a page passes in, already translated in its own namespace. */
export interface LoadFailureText {
  title: string;
  body: string;
  retry: string;
  back: string;
}

/**
 * The panel a page shows when its main record could not be loaded: "not found" (no retry, it
 * would fail again) or an error with a retry button, and a way back to search either way.
 */
export function LoadFailure({
  missing,
  text,
  onRetry,
}: {
  missing: boolean;
  text: LoadFailureText;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto max-w-2xl py-12">
      <h1 className="text-2xl font-bold">{text.title}</h1>
      <div className="mt-4">
        <Alert tone={missing ? 'info' : 'error'}>
          <p>{text.body}</p>
        </Alert>
      </div>
      <div className="mt-4 flex items-center gap-3">
        {missing ? null : (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {text.retry}
          </Button>
        )}
        <Link to="/" className="text-sm font-medium text-brand-600 underline underline-offset-2 dark:text-brand-100">
          {text.back}
        </Link>
      </div>
    </div>
  );
}
