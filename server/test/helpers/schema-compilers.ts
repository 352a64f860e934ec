import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's request validators (Ajv) and response serializers
 * (fast-json-stringify) again for each app, and a test process builds a new app for nearly every
 * test: that compiling was about 0.85 of the 1 s of CPU a `buildTestApp()` cost. These compilers
 * are Fastify's own, shared by every app of the process, and remember what they compiled: the same
 * schema with the same options and shared schemas gives the same function, because compiling
 * reads nothing else. Keys are JSON text, not object identity, so a schema rebuilt for each app
 * (or built differently by one test) is found, or compiled anew, correctly.
 */

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type SerializerCompiler = ReturnType<SerializerFactory>;

/** What Fastify passes to a validator compiler, and the options it builds one from. */
interface ValidatorRoute {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Validator = object;
type ValidatorCompiler = (route: ValidatorRoute) => Validator;
interface AjvOptions {
  customOptions?: unknown;
  mode?: string;
  plugins?: unknown[];
  onCreate?: unknown;
}

/** Remembers `compile`'s result per key. */
function remembering<R, T>(compile: (route: R) => T, keyOf: (route: R) => string): (route: R) => T {
  const compiled = new Map<string, T>();
  return (route) => {
    const key = keyOf(route);
    const known = compiled.get(key);
    if (known !== undefined) return known;
    const made = compile(route);
    compiled.set(key, made);
    return made;
  };
}

const serializerFactories = new Map<string, SerializerCompiler>();
const defaultSerializers: SerializerFactory = SerializerSelector();

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const factoryKey = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let factory = serializerFactories.get(factoryKey);
  if (!factory) {
    factory = remembering(defaultSerializers(externalSchemas, options), (route): string =>
      JSON.stringify(route.schema ?? null),
    );
    serializerFactories.set(factoryKey, factory);
  }
  return factory;
};

const validatorFactories = new Map<string, ValidatorCompiler>();
type ValidatorPool = (externalSchemas: unknown, options: AjvOptions) => ValidatorCompiler;
// Fastify's own pool: one Ajv per set of shared schemas and options. (Its published types give
// the compiler Ajv's own signature rather than the route Fastify passes.)
const ajvPool = (): ValidatorPool => AjvCompiler() as unknown as ValidatorPool;
const pooledValidators = ajvPool();

function buildValidator(externalSchemas: unknown, options: AjvOptions): ValidatorCompiler {
  // Plugins and hooks are code, which JSON cannot key: such an app gets compilers of its own.
  const shareable = !options.plugins?.length && options.onCreate === undefined;
  if (!shareable) return withLowerCaseHeaders(ajvPool()(externalSchemas, options));
  const factoryKey = JSON.stringify([externalSchemas ?? null, options.customOptions ?? null, options.mode ?? null]);
  let factory = validatorFactories.get(factoryKey);
  if (!factory) {
    factory = withLowerCaseHeaders(
      remembering(pooledValidators(externalSchemas, options), (route) =>
        JSON.stringify([route.httpPart ?? null, route.schema ?? null]),
      ),
    );
    validatorFactories.set(factoryKey, factory);
  }
  return factory;
}

/**
 * Fastify lowercases the header names of a headers schema for its own compiler but hands a
 * custom compiler (as this one is to it) the schema untouched, since request headers arrive
 * lowercased; this does the same so tests validate headers as the server does. Only the usual
 * shape is handled (names under `properties` and `required`); anything else fails loudly.
 */
function withLowerCaseHeaders(compile: ValidatorCompiler): ValidatorCompiler {
  return (route) => {
    if (route.httpPart !== 'headers' || typeof route.schema !== 'object' || route.schema === null) {
      return compile(route);
    }
    const schema = route.schema as Record<string, unknown>;
    const named = ['dependencies', 'dependentSchemas', 'dependentRequired', 'propertyNames', 'allOf', 'anyOf', 'oneOf'];
    const unhandled = named.filter((key) => key in schema);
    if (unhandled.length > 0) {
      throw new Error(
        `test/helpers/schema-compilers.ts: headers schema of ${route.method} ${route.url} uses ${unhandled.join(', ')}; teach it to lowercase their header names as Fastify does`,
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

/** The `schemaController` option for `buildApp()` in tests: compilers shared by the process. */
export const sharedSchemaCompilers: SchemaController = {
  compilersFactory: {
    buildSerializer,
    buildValidator: buildValidator as unknown as ValidatorFactory,
  },
};
