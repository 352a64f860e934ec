import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Timestamp columns of the tables the identity layer reads. */
const DATE_COLUMNS = new Set([
  'created_at',
  'updated_at',
  'expires_at',
  'access_token_expires_at',
  'refresh_token_expires_at',
]);

/**
 * The registry's PostgreSQL pool reads timestamps back as ISO strings (so rows look the same
 * on both databases), while better-auth on PostgreSQL expects `Date` objects and compares them
 * (session expiry). This plugin, used only on better-auth's view of the database, turns those
 * columns back into dates. On SQLite better-auth does this conversion itself.
 */
export class ReviveDatesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows.map((row) => {
      let copy: UnknownRow | null = null;
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && DATE_COLUMNS.has(column)) {
          copy ??= { ...row };
          copy[column] = new Date(value);
        }
      }
      return copy ?? row;
    });
    return { ...args.result, rows };
  }
}
