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

/**
 * Two builds: the browser app (web/dist), and with `--ssr` the first-screen renderer the web
 * listener runs (web/dist/.ssr, from src/entry-server.tsx), which needs neither the public files
 * nor a manifest.
 */
export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [react(), tailwindcss(), devRuntimeConfig(), ...(isSsrBuild ? [] : [routeList()])],
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
