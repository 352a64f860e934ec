import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { registerConnectorDownload } from '../../src/modules/web-listener/connector-download.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/database.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function webApp(env: Record<string, string>) {
  const database = await createTestDatabase();
  const root = mkdtempSync(path.join(os.tmpdir(), 'registry-web-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><!--registry-config--></head></html>');
  const app = await buildWebApp(createContext(testConfig(env), database), { webRoot: root });
  closers.push(async () => {
    await app.close();
    await database.destroy();
  });
  return app;
}

describe('GET /clients/comfyui-connector.zip on the web listener', () => {
  it('is the connector folder from clients/comfyui with this registry API address in its settings file', async () => {
    const app = await webApp({ PUBLIC_API_URL: 'https://api.registry.example.org' });
    const response = await app.inject({ method: 'GET', url: '/clients/comfyui-connector.zip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="comfy-registry-connector.zip"');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'comfy-registry-connector/README.md',
      'comfy-registry-connector/__init__.py',
      'comfy-registry-connector/comfy_registry_connector.py',
      'comfy-registry-connector/prestartup_script.py',
      'comfy-registry-connector/registry-url.txt',
      'comfy-registry-connector/web/registry-paths.js',
      'comfy-registry-connector/web/registry-redirect.js',
    ]);
    expect(strFromU8(files['comfy-registry-connector/registry-url.txt'] ?? new Uint8Array())).toMatch(
      /\nhttps:\/\/api\.registry\.example\.org\n$/,
    );
    expect(strFromU8(files['comfy-registry-connector/__init__.py'] ?? new Uint8Array())).toContain(
      'NODE_CLASS_MAPPINGS = {}',
    );
    // Another instance serves its own address.
    const other = await webApp({ PUBLIC_API_URL: 'http://10.0.0.5:8080' });
    const otherZip = unzipSync(
      new Uint8Array((await other.inject({ url: '/clients/comfyui-connector.zip' })).rawPayload),
    );
    expect(strFromU8(otherZip['comfy-registry-connector/registry-url.txt'] ?? new Uint8Array())).toContain(
      '\nhttp://10.0.0.5:8080\n',
    );
  });

  it('answers 404 with a message when the installation has no connector folder', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    closers.push(() => app.close());
    registerConnectorDownload(app, 'https://api.registry.example.org', path.join(os.tmpdir(), 'no-such-connector'));
    const response = await app.inject({ method: 'GET', url: '/clients/comfyui-connector.zip' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'The ComfyUI connector is not part of this installation',
      error: 'Not Found',
    });
  });
});
