import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTES_FILE, routePaths } from './src/app/route-paths';

/**
 * In development there is no web listener to inject the runtime config, so the dev server does
 * it with the same marker the server replaces (see server/src/modules/web/config-script.ts).
 */
function devRuntimeConfig(): Plugin {
  const apiUrl = process.env.VITE_API_URL ?? 'http://localhost:8080';
  return {
    name: 'registry-dev-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const config = { apiUrl, buildId: 'dev', analytics: { environment: 'development' } };
      return html.replace('<!--registry-config-->', `<script>window.__REGISTRY__=${JSON.stringify(config)}</script>`);
    },
  };
}

/**
 * Writes the router's paths into the browser build, where the web listener reads them to answer
 * unknown paths with 404 (server/src/modules/web/app-routes.ts).
 */
function routeList(): Plugin {
  return {
    name: 'registry-route-list',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTES_FILE, source: `${JSON.stringify(Object.values(routePaths))}\n` });
    },
  };
}

/** Files the web listener serves that are worth compressing (source maps are for developers). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|html|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (the server's threshold too). */
const COMPRESS_MIN_BYTES = 1024;

/** Every file under `dir`, skipping dot folders (the manifest and the SSR build are never served). */
function servedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? servedFiles(full) : [full];
  });
}

/**
 * Writes `x.br` and `x.gz` beside every served text file of the browser build (translations from
 * the public folder included), at the highest settings: done once per build, so the web listener
 * and nginx (`gzip_static`, `brotli_static`) send them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'registry-precompress',
    apply: 'build',
    configResolved(resolved) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle() {
      for (const file of servedFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith(`${path.sep}index.html`)) continue;
        const body = readFileSync(file);
        if (body.length < COMPRESS_MIN_BYTES) continue;
        const brotli = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * Two builds: the browser app (web/dist), and with `--ssr` the first-screen renderer the web
 * listener runs (web/dist/.ssr, from src/entry-server.tsx), which needs neither the public files
 * nor a manifest.
 */
export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [react(), tailwindcss(), devRuntimeConfig(), ...(isSsrBuild ? [] : [routeList(), precompress()])],
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // The web listener reads it to preload a shared page's route module (server/src/modules/web).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  // The renderer carries its own production React, whatever NODE_ENV the server runs with: the
  // development build is slower and writes error stacks into the page.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  server: { port: 5173 },
}));
