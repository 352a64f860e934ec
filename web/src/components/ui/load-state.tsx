import { statusOf } from '../../api/cache-rules';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './spinner';

/** A page's texts for its main record, already translated in the page's namespace. */
export interface LoadStateText {
  loading: string;
  /** Shown when the server answered 404: no retry, it would fail again. */
  missingTitle: string;
  missingBody: string;
  /** Shown for any other failure, with a retry button. */
  failedTitle: string;
  failedBody: string;
  retry: string;
  back: string;
}

/** The parts of a TanStack query result this needs. */
export interface LoadableQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a page shows in place of its main record until it has it: a spinner while the first answer
 * is on its way, then "not found" (404) or "could not load" with a retry. Pages render it for as
 * long as they have no data, so every record page handles the two cases the same way.
 */
export function LoadState({ query, text }: { query: LoadableQuery; text: LoadStateText }) {
  if (query.isPending) return <PageSpinner label={text.loading} />;
  const missing = statusOf(query.error) === 404;
  return (
    <LoadFailure
      missing={missing}
      onRetry={() => void query.refetch()}
      text={{
        title: missing ? text.missingTitle : text.failedTitle,
        body: missing ? text.missingBody : text.failedBody,
        retry: text.retry,
        back: text.back,
      }}
    />
  );
}
