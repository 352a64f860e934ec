import { type TArray, type TInteger, type TSchema, Type } from 'typebox';

/** The error envelope every 4xx and 5xx answer uses. */
export const ErrorResponse = Type.Object(
  {
    message: Type.String({ description: 'Human-readable explanation.' }),
    error: Type.String({ description: 'Further detail, or empty.' }),
    code: Type.Optional(
      Type.String({ description: 'Stable code of the message, for clients that translate it (`archive.other_node`).' }),
    ),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
        description: 'The values the coded message names.',
      }),
    ),
  },
  { title: 'ErrorResponse' },
);

/** Response map entries for the error statuses a route can answer with. */
export function errorResponses<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof ErrorResponse } {
  return Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as { [K in C[number]]: typeof ErrorResponse };
}

/** A query parameter that may be repeated (`statuses=A&statuses=B`) or given once. */
export function RepeatedQuery<T extends TSchema>(item: T, options: { description?: string; maxItems?: number } = {}) {
  return Type.Array(item, { maxItems: options.maxItems ?? 50, ...options });
}

/**
 * A page envelope, `{total, <key>: Item[], page, <size>, totalPages}`, as a named OpenAPI
 * component. `size` is `limit` for most lists; the version lists call it `pageSize`, as the
 * public registry does.
 */
export function Page<const K extends string, T extends TSchema, const S extends 'limit' | 'pageSize' = 'limit'>(
  title: string,
  key: K,
  item: T,
  size: S = 'limit' as S,
) {
  const properties = {
    total: Type.Integer(),
    [key]: Type.Array(item),
    page: Type.Integer(),
    [size]: Type.Integer(),
    totalPages: Type.Integer(),
  } as { total: TInteger; page: TInteger; totalPages: TInteger } & { [P in K]: TArray<T> } & { [P in S]: TInteger };
  return Type.Object(properties, { title, additionalProperties: false });
}
