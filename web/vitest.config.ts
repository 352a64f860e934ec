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
    restoreMocks: true,
  },
});
