import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../src/context.js';
import type {
  NodesTable,
  NodeVersionsTable,
  PersonalAccessTokensTable,
  PublishersTable,
  UsersTable,
} from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { generateTokenSecret, hashTokenSecret } from '../../src/modules/tokens/secrets.js';

let counter = 0;
const next = () => ++counter;

/** Test data builders that write straight to the database (for state a test is not about). */
export interface Factories {
  user(overrides?: Partial<Insertable<UsersTable>>): Promise<Selectable<UsersTable>>;
  admin(overrides?: Partial<Insertable<UsersTable>>): Promise<Selectable<UsersTable>>;
  publisher(
    overrides?: Partial<Insertable<PublishersTable>> & { owner?: { id: string } },
  ): Promise<Selectable<PublishersTable>>;
  node(overrides: Partial<Insertable<NodesTable>> & { publisher_id: string }): Promise<Selectable<NodesTable>>;
  version(
    overrides: Partial<Insertable<NodeVersionsTable>> & { node_id: string },
  ): Promise<Selectable<NodeVersionsTable>>;
  /** A personal access token of a publisher; `secret` is what a client sends. */
  token(publisherId: string): Promise<{ row: Selectable<PersonalAccessTokensTable>; secret: string }>;
}

/** Factories bound to one app's database. */
export function factoriesFor(ctx: AppContext): Factories {
  const { db } = ctx;
  return {
    async user(overrides = {}) {
      const n = next();
      return db
        .insertInto('users')
        .values({ id: newId(), email: `user${n}@example.test`, name: `User ${n}`, email_verified: true, ...overrides })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async admin(overrides = {}) {
      return this.user({ is_admin: true, ...overrides });
    },
    async publisher(overrides = {}) {
      const n = next();
      const { owner, ...values } = overrides;
      const row = await db
        .insertInto('publishers')
        .values({ id: `publisher-${n}`, name: `Publisher ${n}`, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (owner) {
        await db
          .insertInto('publisher_members')
          .values({ publisher_id: row.id, user_id: owner.id, role: 'owner' })
          .execute();
      }
      return row;
    },
    async node(overrides) {
      const n = next();
      const id = overrides.id ?? `node-${n}`;
      return db
        .insertInto('nodes')
        .values({ id, normalized_id: id.toLowerCase(), name: `Node ${n}`, ...overrides })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async version(overrides) {
      const node = await db
        .selectFrom('nodes')
        .select(['publisher_id'])
        .where('id', '=', overrides.node_id)
        .executeTakeFirstOrThrow();
      return db
        .insertInto('node_versions')
        .values({
          id: newId(),
          version: '1.0.0',
          publisher_id: node.publisher_id,
          status: 'NodeVersionStatusActive',
          ...overrides,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async token(publisherId) {
      const secret = generateTokenSecret();
      const row = await db
        .insertInto('personal_access_tokens')
        .values({
          id: newId(),
          publisher_id: publisherId,
          name: `token ${next()}`,
          token_hash: hashTokenSecret(secret),
          token_prefix: secret.slice(0, 4),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, secret };
    },
  };
}
