import { afterAll, afterEach } from 'vitest';
import { runFileCleanups, runTestCleanups } from '../helpers/cleanup.js';

// A setup file runs for every test file, also when files share one module cache.
afterEach(runTestCleanups);
afterAll(runFileCleanups);
