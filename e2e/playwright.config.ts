import { defineConfig, devices } from '@playwright/test';

/**
 * Browser end-to-end tests: the global setup builds and starts the real registry (API + web
 * listener) on free ports with a throwaway data folder; tests drive Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two cores are shared with the server under test; more workers only add contention.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  // Ceilings, not targets: a test ends as soon as its steps are done, so generous limits cost a
  // passing run nothing and keep a machine 2-3 times slower (or one shared with other work) from
  // failing a test that is only slow. Speed is measured by `npm run bench -- --suite web`.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // Recording a trace of every test (to keep the failing ones) cost about 40% of the suite's
    // CPU: six spec files took 203 s with it and 132 s without. A test that fails is traced when
    // it runs again (CI retries once); locally, `npx playwright test --trace on <file>`.
    trace: 'on-first-retry',
    // A click or fill waits for its element at most this long, not the whole test's time: a step
    // that cannot happen fails in seconds, and the retry starts without waiting minutes first.
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
