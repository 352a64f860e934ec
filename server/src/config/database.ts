import { Type } from 'typebox';

/** Where data lives: the embedded SQLite file under DATA_DIR, or PostgreSQL. */
export const databaseSchema = Type.Object({
  DATA_DIR: Type.String({
    default: './data',
    description: 'Folder for the SQLite file, stored archives and the mail outbox.',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'PostgreSQL connection string; when unset the embedded SQLite database is used.',
    }),
  ),
  DATABASE_POOL_SIZE: Type.Integer({
    default: 10,
    minimum: 1,
    maximum: 200,
    description: 'PostgreSQL connections per process.',
  }),
});
