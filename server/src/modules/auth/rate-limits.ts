import type { AuthConfig } from '../../config/auth.js';
import { AuthError } from './errors.js';
import { RateLimitStore } from './rate-limit-store.js';

/** Which budget a request spends. */
export type LimitedAction = 'sign-in' | 'sign-up' | 'email' | 'other';

/** How long an address counts as "known" for an account after it signed in from there. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;
/** First backoff step once the lockout threshold is reached; it doubles from there. */
const BACKOFF_BASE_MS = 30_000;

/**
 * The sign-in rate limits and lockout, described in docs/identity.md:
 * - every client address has a budget per action and window (sign-in, sign-up, e-mails, other),
 *   and every account at every address a smaller one for password sign-ins;
 * - every e-mail address has a budget for mails sent to it (sign-up, reset, verification);
 * - failed sign-ins for one account from one client address back off exponentially once
 *   AUTH_LOCKOUT_THRESHOLD is reached, up to AUTH_LOCKOUT_MAX_SECONDS, and are forgotten after
 *   a quiet window or a successful sign-in. Keyed on the address too, so nobody elsewhere can
 *   lock the owner out;
 * - failed sign-ins for one account from all addresses are capped per window against
 *   distributed guessing; beyond the cap only addresses that signed in to that account before
 *   may try, so the owner keeps access, and the cap lifts when the window ends.
 */
export class SignInLimits {
  readonly #store: RateLimitStore;

  constructor(
    store: RateLimitStore,
    private readonly config: AuthConfig,
  ) {
    this.#store = store;
  }

  get #windowMs(): number {
    return this.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  /** Spends one unit of a client address's budget for an action; 429 when it is used up. */
  async spendAddressBudget(action: LimitedAction, ip: string, now = Date.now()): Promise<void> {
    const max = {
      'sign-in': this.config.AUTH_RATE_LIMIT_SIGN_IN_PER_IP,
      'sign-up': this.config.AUTH_RATE_LIMIT_SIGN_UP_PER_IP,
      email: this.config.AUTH_RATE_LIMIT_EMAIL_PER_IP,
      other: this.config.AUTH_RATE_LIMIT_OTHER_PER_IP,
    }[action];
    await this.#spend(RateLimitStore.key([`${action}-ip`, ip]), max, now);
  }

  /**
   * Spends one password sign-in attempt: from the budget of this account at this address, and
   * from the address's larger budget for all accounts. Many people can share one address (an
   * office, a proxy), so one account's attempts must not use up everyone's.
   */
  async spendSignInBudget(email: string, ip: string, now = Date.now()): Promise<void> {
    await this.spendAddressBudget('sign-in', ip, now);
    await this.#spend(
      RateLimitStore.key(['sign-in-account-ip', email, ip]),
      this.config.AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT_AND_IP,
      now,
    );
  }

  /** Spends one unit of an e-mail address's mail budget (sign-up, reset, verification). */
  async spendMailBudget(email: string, now = Date.now()): Promise<void> {
    await this.#spend(RateLimitStore.key(['mail-to', email]), this.config.AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS, now);
  }

  /** Refuses a sign-in attempt while its account and address are locked out. */
  async checkSignInAllowed(email: string, ip: string, now = Date.now()): Promise<void> {
    const pair = await this.#store.peek(RateLimitStore.key(['fail', email, ip]), now);
    if (pair && pair.blockedUntil > now) throw tooMany((pair.blockedUntil - now) / 1000);
    const account = await this.#store.peek(RateLimitStore.key(['fail-account', email]), now);
    if (account && account.hits >= this.config.AUTH_ACCOUNT_FAILURES_PER_WINDOW) {
      const known = await this.#store.peek(RateLimitStore.key(['known', email, ip]), now);
      if (!known) throw tooMany((account.resetAt - now) / 1000);
    }
  }

  /** Records a wrong password; starts or lengthens the backoff for this account and address. */
  async recordFailure(email: string, ip: string, now = Date.now()): Promise<void> {
    const pairKey = RateLimitStore.key(['fail', email, ip]);
    const maxMs = this.config.AUTH_LOCKOUT_MAX_SECONDS * 1000;
    // Failures are forgotten once a whole quiet window (and any backoff) has passed.
    const { hits } = await this.#store.hit(pairKey, Math.max(this.#windowMs, maxMs), now);
    const over = hits - this.config.AUTH_LOCKOUT_THRESHOLD;
    if (over >= 0) {
      const backoff = Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.min(over, 20));
      await this.#store.block(pairKey, now + backoff);
    }
    await this.#store.hit(RateLimitStore.key(['fail-account', email]), this.#windowMs, now);
  }

  /** Records a successful sign-in: clears the backoff and remembers the address as known. */
  async recordSuccess(email: string, ip: string, now = Date.now()): Promise<void> {
    await this.#store.clear(RateLimitStore.key(['fail', email, ip]));
    await this.#store.hit(RateLimitStore.key(['known', email, ip]), KNOWN_ADDRESS_MS, now);
  }

  async #spend(key: string, max: number, now: number): Promise<void> {
    const { hits, resetAt } = await this.#store.hit(key, this.#windowMs, now);
    if (hits > max) throw tooMany((resetAt - now) / 1000);
  }
}

function tooMany(retryAfterSeconds: number): AuthError {
  return new AuthError('TOO_MANY_REQUESTS', { retryAfterSeconds });
}
