import { type TSchema, Type } from 'typebox';

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
