/** A PostgreSQL server of the caller's own, from Debian's `postgresql` package. */
export interface ThrowawayPostgres {
  url: string;
  /** Stops the server the way an operator's restart does; its data stays. */
  shutDown(): void;
  /** Starts it again on the same port and data. */
  startAgain(): void;
  /** Stops the server and removes its files. */
  stop(): void;
}

export function findPostgresBin(): string | null;
export function startThrowawayPostgres(): Promise<ThrowawayPostgres | null>;
