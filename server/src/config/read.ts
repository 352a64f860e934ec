import type { Static, TObject } from 'typebox';
import { Value } from 'typebox/value';

/** One problem with one environment variable, reported together with all the others. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** Thrown when the environment does not describe a valid configuration; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the variables a schema names from `env`, applying defaults and converting strings to
 * numbers and booleans. Empty strings count as unset, so `FOO=` falls back to the default.
 */
export function readConfig<S extends TObject>(
  schema: S,
  env: Record<string, string | undefined>,
): { value: Static<S>; problems: ConfigProblem[] } {
  const raw: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const v = env[key];
    if (v === undefined || v === '') continue;
    // The converter would round `1.5` or read `0x10` for a whole-number setting; an operator who
    // wrote either meant something else, so it is refused rather than guessed.
    if (wantsInteger(property) && !WHOLE_NUMBER.test(v)) {
      problems.push({ variable: key, message: `must be a whole number (got ${JSON.stringify(v)})` });
      continue;
    }
    raw[key] = v;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  for (const error of Value.Errors(schema, converted)) {
    const variable = error.instancePath.replace(/^\//, '') || schemaRequired(error.params);
    problems.push({ variable, message: error.message });
  }
  return { value: converted as Static<S>, problems };
}

const WHOLE_NUMBER = /^\s*[-+]?\d+\s*$/;

/** True for a setting whose schema is a plain whole number (optional or not). */
function wantsInteger(property: unknown): boolean {
  return typeof property === 'object' && property !== null && (property as { type?: unknown }).type === 'integer';
}

function schemaRequired(params: unknown): string {
  if (params && typeof params === 'object' && 'requiredProperties' in params) {
    return String((params as { requiredProperties: unknown }).requiredProperties);
  }
  return '(environment)';
}
