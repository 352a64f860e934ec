import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';

/** Where the download is served on the web listener (the "Use this registry from ComfyUI" page links it). */
export const CONNECTOR_ZIP_PATH = '/clients/comfyui-connector.zip';
/** The folder the archive unpacks to inside ComfyUI's custom_nodes/. */
export const CONNECTOR_FOLDER = 'comfy-registry-connector';

/** `clients/comfyui` in the repository, next to the server package. */
export function defaultConnectorSource(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../clients/comfyui');
}

/**
 * The ComfyUI connector as a zip, with this registry's API address already in its settings
 * file, so unpacking it into custom_nodes/ is the whole setup. Built once at start from the
 * source folder; Python caches are left out.
 */
export function connectorZip(sourceDir: string, apiUrl: string): Uint8Array | undefined {
  if (!existsSync(path.join(sourceDir, '__init__.py'))) return undefined;
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  // Subfolders too: web/ holds the front-end extension.
  const add = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (name.startsWith('.') || name === '__pycache__' || (prefix === '' && name === 'registry-url.txt')) continue;
      if (statSync(file).isDirectory()) add(file, `${prefix}${name}/`);
      else if (statSync(file).isFile()) files[`${CONNECTOR_FOLDER}/${prefix}${name}`] = readFileSync(file);
    }
  };
  add(sourceDir, '');
  // Stored, not deflated: the address stays readable in the archive's bytes.
  files[`${CONNECTOR_FOLDER}/registry-url.txt`] = [
    strToU8(`# The registry ComfyUI-Manager and the front end use (COMFY_REGISTRY_URL overrides it).\n${apiUrl}\n`),
    { level: 0 },
  ];
  // A fixed timestamp keeps the archive identical from one start to the next.
  return zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
}

export function registerConnectorDownload(app: FastifyInstance, apiUrl: string, sourceDir = defaultConnectorSource()) {
  const zip = connectorZip(sourceDir, apiUrl);
  app.get(CONNECTOR_ZIP_PATH, async (_request, reply) => {
    if (!zip) {
      return reply
        .code(404)
        .send({ message: 'The ComfyUI connector is not part of this installation', error: 'Not Found' });
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="${CONNECTOR_FOLDER}.zip"`)
      .type('application/zip')
      .send(Buffer.from(zip));
  });
}
