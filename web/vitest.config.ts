import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // Files share a worker's module cache (React, the router, i18next are imported once per
    // worker, not once per file); the setup file cleans the DOM and storage after every test.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // Ceilings, not targets (Vitest's default is 5 s): a screen test renders, waits for text and
    // clicks through; on a machine shared with the server suites a render can take seconds. A
    // passing test ends when it is done, so the margin costs a healthy run nothing.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
