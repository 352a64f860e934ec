import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's request validators (Ajv) and response serializers
 * (fast-json-stringify) before it listens: about 1 s of the 2.9 s of CPU a process spends to
 * start, paid again by every cluster worker and by every restart, for routes the process may
 * never serve. These are Fastify's own compilers, deferred: a route's validator or serializer is
 * compiled the first time a request needs it, and kept. A schema that cannot be compiled still
 * fails every request to its route (with a 500), so the route tests catch it.
 */

export type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
/** Fastify's `buildValidator` option, as its types spell it. */
export type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
export type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** What Fastify passes to a validator compiler. */
interface ValidatorRoute {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/** A compiled validator: Fastify reads `errors` after it returns false. */
type Validator = ((data: unknown) => unknown) & { errors?: unknown };
export type ValidatorCompiler = (route: ValidatorRoute) => Validator;

/** The Ajv options Fastify hands a validator factory (its `ajv` server option). */
export interface AjvOptions {
  customOptions?: unknown;
  mode?: string;
  plugins?: unknown[];
  onCreate?: unknown;
}
type ValidatorPool = (externalSchemas: unknown, options: AjvOptions) => ValidatorCompiler;

/**
 * Fastify's own pool of Ajv instances, one per set of shared schemas and options. (Its published
 * types give the compiler Ajv's own signature rather than the route Fastify passes.)
 */
export const ajvPool = (): ValidatorPool => AjvCompiler() as unknown as ValidatorPool;

/**
 * Fastify lowercases the header names of a headers schema for its own compiler, but hands a
 * custom compiler (as these are to it) the schema untouched, since request headers arrive
 * lowercased; this does the same. Only the usual shape is handled (names under `properties` and
 * `required`); anything else fails loudly rather than validate the wrong names.
 */
export function withLowerCaseHeaders(compile: ValidatorCompiler): ValidatorCompiler {
  return (route) => {
    if (route.httpPart !== 'headers' || typeof route.schema !== 'object' || route.schema === null) {
      return compile(route);
    }
    const schema = route.schema as Record<string, unknown>;
    const named = ['dependencies', 'dependentSchemas', 'dependentRequired', 'propertyNames', 'allOf', 'anyOf', 'oneOf'];
    const unhandled = named.filter((key) => key in schema);
    if (unhandled.length > 0) {
      throw new Error(
        `the headers schema of ${route.method} ${route.url} uses ${unhandled.join(', ')}; teach withLowerCaseHeaders to lowercase their header names as Fastify does`,
      );
    }
    const lowered: Record<string, unknown> = { ...schema };
    if (typeof schema.properties === 'object' && schema.properties !== null) {
      lowered.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value]),
      );
    }
    if (Array.isArray(schema.required)) {
      lowered.required = schema.required.map((name) => (typeof name === 'string' ? name.toLowerCase() : name));
    }
    return compile({ ...route, schema: lowered });
  };
}

function deferredValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

const validators = ajvPool();
const serializers: SerializerFactory = SerializerSelector();

const buildValidator = (externalSchemas: unknown, options: AjvOptions): ValidatorCompiler => {
  const compile = validators(externalSchemas, options);
  // Lowercasing (and refusing an unhandled headers schema) happens now, at start; only Ajv waits.
  return withLowerCaseHeaders((route) => deferredValidator(() => compile(route)));
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = serializers(externalSchemas, options);
  return (route) => {
    let serialize: ReturnType<typeof compile> | undefined;
    return (data) => {
      serialize ??= compile(route);
      return serialize(data);
    };
  };
};

/** The `schemaController` of the server's app: Fastify's compilers, compiling on first use. */
export const deferredSchemaCompilers: SchemaController = {
  compilersFactory: {
    buildSerializer,
    buildValidator: buildValidator as unknown as ValidatorFactory,
  },
};
