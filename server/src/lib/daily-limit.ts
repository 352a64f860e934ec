import type { HttpError } from './errors.js';

const DAY_MS = 86_400_000;

/**
 * A limit of `limit` actions in any 24 hours (claim requests, invitations, appeal messages: each
 * mails people, so each is capped). `timesSince` gives the times (ms, oldest first) of the actions
 * taken since an ISO instant; once `limit` are inside the window, `refusal` is thrown with the
 * seconds until the oldest of them leaves it.
 */
export async function spendDaily(
  limit: number,
  timesSince: (since: string) => Promise<number[]>,
  refusal: (retryAfterSeconds: number) => HttpError,
): Promise<void> {
  const now = Date.now();
  const times = await timesSince(new Date(now - DAY_MS).toISOString());
  if (times.length < limit) return;
  const oldest = times[times.length - limit] ?? now;
  throw refusal((oldest + DAY_MS - now) / 1000);
}
