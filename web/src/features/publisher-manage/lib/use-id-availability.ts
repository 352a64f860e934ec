import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { validatePublisherId } from '../api/publishers';
import { serverReason } from './profile-form';

/** A refusal answered as data, worded like the same refusal sent as an error (its code translated). */
function verdictReason(message: string, code: string | undefined): string {
  return serverReason(new ApiError(400, message, code, { message, error: '' }));
}

/** Where the live id check stands; `reason` is the server's message when the id cannot be used. */
export type IdAvailability =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'unavailable'; reason: string }
  | { state: 'failed' };

/** Wait after the last keystroke before asking the server. */
export const ID_CHECK_DELAY_MS = 350;

/** Asks `GET /publishers/validate` about `id` once typing pauses; stale answers are dropped. */
export function useIdAvailability(id: string): IdAvailability {
  const [result, setResult] = useState<IdAvailability>({ state: 'empty' });
  useEffect(() => {
    if (!id) {
      setResult({ state: 'empty' });
      return;
    }
    setResult({ state: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      validatePublisherId(id, controller.signal).then(
        (answer) =>
          setResult(
            answer?.isAvailable
              ? { state: 'available' }
              : { state: 'unavailable', reason: verdictReason(answer?.message ?? '', answer?.code) },
          ),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
          setResult(status === 400 ? { state: 'unavailable', reason: serverReason(error) } : { state: 'failed' });
        },
      );
    }, ID_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id]);
  return result;
}
