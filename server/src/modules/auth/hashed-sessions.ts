import { createHash } from 'node:crypto';
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * Session tokens are bearer secrets, so the database keeps only their SHA-256 (`sessions.token`
 * holds `sha256$<hex>`). better-auth has no setting for that, so this wraps its database adapter:
 * every token better-auth writes or looks up is hashed on the way in, and rows coming back carry
 * the raw token again when it is known (the one the request just used), so cookies and
 * better-auth's own comparisons keep working. A copy of the table is useless as a set of cookies.
 *
 * Tokens are random (32+ characters from better-auth's generator), so a fast unsalted hash is
 * enough: there is nothing to guess.
 */

export const SESSION_TOKEN_PREFIX = 'sha256$';

/** The stored form of a session token. */
export function hashSessionToken(token: string): string {
  return `${SESSION_TOKEN_PREFIX}${createHash('sha256').update(token).digest('hex')}`;
}

const SESSION_MODEL = 'session';
const TOKEN_FIELD = 'token';
/** Raw tokens recently hashed by this process, by hash; bounded, never stored. */
const RECENT_LIMIT = 10_000;

type Adapter = DBTransactionAdapter;

/**
 * Remembers the raw token behind a hash for a while, so a row read back (a session found by its
 * token, or the caller's own session among a user's list) can be handed out with it.
 */
class RecentTokens {
  private readonly byHash = new Map<string, string>();

  hash(raw: string): string {
    const hashed = hashSessionToken(raw);
    this.byHash.delete(hashed);
    this.byHash.set(hashed, raw);
    if (this.byHash.size > RECENT_LIMIT) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) this.byHash.delete(oldest);
    }
    return hashed;
  }

  raw(hashed: string): string | undefined {
    return this.byHash.get(hashed);
  }
}

/**
 * A where clause with token values hashed. Deletes may name tokens in their stored form (better-auth
 * revokes "other sessions" with the tokens a list returned); lookups never may, so a copied hash
 * cannot stand in for a token.
 */
function hashWhere(where: Where[], tokens: RecentTokens, allowStored: boolean): Where[];
function hashWhere(where: Where[] | undefined, tokens: RecentTokens, allowStored: boolean): Where[] | undefined;
function hashWhere(where: Where[] | undefined, tokens: RecentTokens, allowStored: boolean): Where[] | undefined {
  if (!where) return where;
  const hashOne = (value: string) =>
    allowStored && value.startsWith(SESSION_TOKEN_PREFIX) ? value : tokens.hash(value);
  return where.map((clause) => {
    if (clause.field !== TOKEN_FIELD) return clause;
    const { value } = clause;
    if (typeof value === 'string') return { ...clause, value: hashOne(value) };
    if (Array.isArray(value)) return { ...clause, value: value.map((v) => hashOne(String(v))) };
    return clause;
  });
}

/** A row with its token shown raw when this process knows it. */
function revealToken<T>(row: T, tokens: RecentTokens): T {
  if (!row || typeof row !== 'object') return row;
  const record = row as Record<string, unknown>;
  const stored = record[TOKEN_FIELD];
  if (typeof stored !== 'string') return row;
  const raw = tokens.raw(stored);
  return raw === undefined ? row : ({ ...record, [TOKEN_FIELD]: raw } as T);
}

function withHashedTokens<A extends Adapter>(inner: A, tokens: RecentTokens): A {
  const isSession = (model: string) => model === SESSION_MODEL;
  const wrapped: Adapter = {
    ...inner,
    async create(data) {
      if (!isSession(data.model)) return inner.create(data);
      const record = data.data as Record<string, unknown>;
      const raw = record[TOKEN_FIELD];
      if (typeof raw !== 'string') return inner.create(data);
      const created = await inner.create({ ...data, data: { ...record, [TOKEN_FIELD]: tokens.hash(raw) } });
      return revealToken(created, tokens);
    },
    async findOne(data) {
      if (!isSession(data.model)) return inner.findOne(data);
      const found = await inner.findOne({ ...data, where: hashWhere(data.where, tokens, false) });
      return revealToken(found, tokens);
    },
    async findMany(data) {
      if (!isSession(data.model)) return inner.findMany(data);
      const found = await inner.findMany({ ...data, where: hashWhere(data.where, tokens, false) });
      return found.map((row) => revealToken(row, tokens));
    },
    async count(data) {
      if (!isSession(data.model)) return inner.count(data);
      return inner.count({ ...data, where: hashWhere(data.where, tokens, false) });
    },
    async update(data) {
      if (!isSession(data.model)) return inner.update(data);
      const updated = await inner.update({ ...data, where: hashWhere(data.where, tokens, false) });
      return revealToken(updated, tokens);
    },
    async updateMany(data) {
      if (!isSession(data.model)) return inner.updateMany(data);
      return inner.updateMany({ ...data, where: hashWhere(data.where, tokens, true) });
    },
    async delete(data) {
      if (!isSession(data.model)) return inner.delete(data);
      return inner.delete({ ...data, where: hashWhere(data.where, tokens, true) });
    },
    async deleteMany(data) {
      if (!isSession(data.model)) return inner.deleteMany(data);
      return inner.deleteMany({ ...data, where: hashWhere(data.where, tokens, true) });
    },
    async consumeOne(data) {
      if (!isSession(data.model)) return inner.consumeOne(data);
      const consumed = await inner.consumeOne({ ...data, where: hashWhere(data.where, tokens, false) });
      return revealToken(consumed, tokens);
    },
    async incrementOne(data) {
      if (!isSession(data.model)) return inner.incrementOne(data);
      const changed = await inner.incrementOne({ ...data, where: hashWhere(data.where, tokens, false) });
      return revealToken(changed, tokens);
    },
  };
  return wrapped as A;
}

/**
 * better-auth's `database` option: the given adapter factory with session tokens stored hashed,
 * inside transactions too.
 */
export function hashedSessionAdapter<O>(factory: (options: O) => DBAdapter): (options: O) => DBAdapter {
  const tokens = new RecentTokens();
  return (options) => {
    const inner = factory(options);
    const outer = withHashedTokens(inner, tokens) as DBAdapter;
    return {
      ...outer,
      transaction: (callback) => inner.transaction((trx) => callback(withHashedTokens(trx, tokens))),
    };
  };
}
