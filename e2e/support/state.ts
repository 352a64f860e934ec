/** An account the setup created. */
export interface E2EUser {
  email: string;
  password: string;
  name: string;
}

/** What the global setup hands to the tests (through the environment, which workers inherit). */
export interface E2EState {
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  /**
   * Files of `https://github.com/<owner>/<name>` repositories as the registry reads them in this
   * run: `<repositoryFiles>/<owner>/<name>/<file>` (a loopback host stands in for GitHub's raw files).
   */
  repositoryFiles: string;
  /** `sso` signs in through the OpenID Connect provider (no password). */
  users: { user: E2EUser; admin: E2EUser; sso: E2EUser };
}

/** The running registry of this test run. */
export function readState(): E2EState {
  const raw = process.env.E2E_STATE;
  if (!raw) throw new Error('E2E_STATE is missing: run the tests through playwright test (global setup)');
  return JSON.parse(raw) as E2EState;
}
