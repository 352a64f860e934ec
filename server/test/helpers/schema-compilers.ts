import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import {
  type AjvOptions,
  ajvPool,
  type SchemaController,
  type SerializerFactory,
  type ValidatorCompiler,
  type ValidatorFactory,
  withLowerCaseHeaders,
} from '../../src/lib/schema-compilers.js';

/**
 * Fastify compiles every route's request validators (Ajv) and response serializers
 * (fast-json-stringify) again for each app, and a test process builds a new app for nearly every
 * test: that compiling was about 0.85 of the 1 s of CPU a `buildTestApp()` cost. These compilers
 * are Fastify's own, shared by every app of the process, and remember what they compiled: the same
 * schema with the same options and shared schemas gives the same function, because compiling
 * reads nothing else. Keys are JSON text, not object identity, so a schema rebuilt for each app
 * (or built differently by one test) is found, or compiled anew, correctly.
 */

type SerializerCompiler = ReturnType<SerializerFactory>;

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

/** The `schemaController` option for `buildApp()` in tests: compilers shared by the process. */
export const sharedSchemaCompilers: SchemaController = {
  compilersFactory: {
    buildSerializer,
    buildValidator: buildValidator as unknown as ValidatorFactory,
  },
};
