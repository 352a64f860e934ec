/** Longest wait between two attempts of a job. */
const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * Delay before the next attempt after `attempt` failed runs: base, 2×base, 4×base, ... capped at
 * an hour, with ±20 % jitter so jobs that failed together (an outage) do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, baseSeconds: number, random: () => number = Math.random): number {
  const exponential = baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(exponential, MAX_DELAY_MS);
  return Math.round(capped * (0.8 + 0.4 * random()));
}
