import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest, withCode } from './errors.js';

/**
 * Numeric query and path parameters must be written as plain decimal numbers. Schema validation
 * alone is not enough: its type coercion turns `Infinity` and `1e309` into `Infinity`, which passes
 * the integer check (and even `maximum`) and then fails deep in a query or the serialiser as a 500.
 * At most 15 digits keeps every accepted integer exact in a double.
 */
const INTEGER = /^[+-]?\d{1,15}$/;
const NUMBER = /^[+-]?\d{1,15}(\.\d{1,15})?$/;

type NumericFields = { integer: string[]; number: string[] };
type Where = 'query' | 'params';

/** Installs the check on every route declaring numeric query or path parameters. Call before routes. */
export function installNumberGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const query = numericFields(route.schema?.querystring);
    const params = numericFields(route.schema?.params);
    if (!query && !params) return;
    const check = async (request: FastifyRequest) => {
      if (query) checkFields(request.query, query, 'query');
      if (params) checkFields(request.params, params, 'params');
    };
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}

function numericFields(schema: unknown): NumericFields | undefined {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (!properties) return undefined;
  const fields: NumericFields = { integer: [], number: [] };
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'integer') fields.integer.push(name);
    else if (property.type === 'number') fields.number.push(name);
  }
  return fields.integer.length + fields.number.length > 0 ? fields : undefined;
}

function checkFields(values: unknown, fields: NumericFields, where: Where): void {
  if (!values || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const name of fields.integer) checkValue(record[name], name, INTEGER, 'integer', where);
  for (const name of fields.number) checkValue(record[name], name, NUMBER, 'number', where);
}

function checkValue(value: unknown, name: string, pattern: RegExp, kind: 'integer' | 'number', where: Where): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item !== 'string' || pattern.test(item)) continue;
    // The words, codes and parameters of the schema validator's own answers, so every bad number reads alike.
    throw withCode(badRequest(`Invalid ${where}: ${name} must be ${kind}`, 'FST_ERR_VALIDATION'), 'validation.type', {
      field: name,
      type: kind,
    });
  }
}
