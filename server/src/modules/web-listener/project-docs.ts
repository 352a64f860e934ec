import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** Where the web listener serves the translation guide (the localization dialog links it). */
export const TRANSLATION_GUIDE_PATH = '/contributing/translations.md';

/** The repository's root, next to the server package (as for the ComfyUI connector). */
export function defaultProjectRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
}

/** The registry's release: the `version` of the repository's package.json, or `unknown`. */
export function registryVersion(projectRoot = defaultProjectRoot()): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' && pkg.version !== '' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Serves docs/translations.md as plain text, read once at start, so the guide the web app links
 * is the one of the running release, on this instance, with nothing to configure.
 */
export function registerTranslationGuide(app: FastifyInstance, projectRoot = defaultProjectRoot()) {
  const file = path.join(projectRoot, 'docs', 'translations.md');
  const guide = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  app.get(TRANSLATION_GUIDE_PATH, async (_request, reply) => {
    if (guide === undefined) {
      return reply
        .code(404)
        .send({ message: 'The translation guide is not part of this installation', error: 'Not Found' });
    }
    return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(guide);
  });
}
