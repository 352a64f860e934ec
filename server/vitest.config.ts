import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Ceilings, not targets: two files share each core and the machine may be shared or slower
    // than the one the suite was written on. Under a load of 20 the password tests (scrypt on
    // every sign-in) took over 30 seconds, and under a load of 30 ordinary route tests took
    // 60. A passing test ends when it is done, so the margin costs a healthy run nothing.
    testTimeout: 150_000,
    hookTimeout: 150_000,
    // Forked workers keep native SQLite handles and PostgreSQL pools apart between files.
    pool: 'forks',
    // Files share a worker's module cache: the app and its dependencies are imported once per
    // worker instead of once per file (that import was about 60% of the run's CPU). Each test
    // still gets its own app and database; per-test cleanup lives in a setup file, which runs
    // for every file.
    isolate: false,
    setupFiles: ['test/setup/cleanup.ts'],
    // Two files per core: a test spends much of its time waiting (for PostgreSQL, a child process,
    // a timer), and with the module cache shared a worker costs little to keep. Each test has its
    // own database, so files never see each other's rows. On two cores (routes suite, PostgreSQL,
    // busy machine): 4 workers 306 s, 2 workers 359 s.
    maxWorkers: Math.max(2, availableParallelism() * 2),
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default'],
  },
});
