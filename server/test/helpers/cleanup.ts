/**
 * Work to undo after the current test or test file: stopping apps and processes, dropping
 * databases, removing folders. test/setup/cleanup.ts runs it. Helpers register here instead
 * of calling `afterEach` themselves, because test files share one module cache
 * (`isolate: false`): a hook registered when a helper module is first imported would only
 * belong to the first file that imported it.
 */
type Cleanup = () => void | Promise<void>;

const afterTest: Cleanup[] = [];
const afterFile: Cleanup[] = [];

/** Runs `cleanup` when the current test ends (last registered, first run). */
export function afterThisTest(cleanup: Cleanup): void {
  afterTest.push(cleanup);
}

/** Runs `cleanup` when the current test file ends. */
export function afterThisFile(cleanup: Cleanup): void {
  afterFile.push(cleanup);
}

export async function runTestCleanups(): Promise<void> {
  for (const cleanup of afterTest.splice(0).reverse()) await cleanup();
}

export async function runFileCleanups(): Promise<void> {
  for (const cleanup of afterFile.splice(0).reverse()) await cleanup();
}
