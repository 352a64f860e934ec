import { nodeJson } from '../../helpers/catalogue-json.js';

/** A freshly created pack as every single-pack answer shows it (id and name default to `hello`). */
export function newPack(overrides: Record<string, unknown>) {
  return nodeJson({ id: 'hello', name: 'hello', ...overrides });
}
