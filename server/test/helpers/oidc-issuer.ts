import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterThisTest } from './cleanup.js';

/** What a test asks the issuer to sign (see oidc-issuer.mjs). */
export interface SignRequest {
  claims?: Record<string, string>;
  audience: string;
  /** Seconds from issue to expiry (default 300). */
  expiresIn?: number;
  /** Seconds ago the token was issued (default 0). */
  issuedAgo?: number;
  /** Another `iss` than the issuer's own. */
  issuer?: string;
  /** Sign with a key the issuer's JWKS does not list. */
  unknownKey?: boolean;
}

/** A running local OpenID Connect issuer (its own process), stopped after the test. */
export interface OidcIssuer {
  issuer: string;
  /** What the GitHub Actions runtime gives a job with `id-token: write`. */
  runtime: { ACTIONS_ID_TOKEN_REQUEST_URL: string; ACTIONS_ID_TOKEN_REQUEST_TOKEN: string };
  sign(request: SignRequest): Promise<string>;
}

/** The GitHub Actions claims of a run of `workflow` in `repository` (as token.actions.githubusercontent.com sends them). */
export function actionsClaims(repository: string, workflow: string, extra: Record<string, string> = {}) {
  const ref = 'refs/heads/main';
  return {
    sub: `repo:${repository}:ref:${ref}`,
    repository,
    repository_owner: repository.split('/')[0] ?? '',
    repository_id: '123456',
    ref,
    ref_type: 'branch',
    sha: 'a3f5c1d2e4b6a8c0d2e4f6a8b0c2d4e6f8a0b2c4',
    workflow: 'Publish',
    workflow_ref: `${repository}/${workflow}@${ref}`,
    workflow_sha: 'a3f5c1d2e4b6a8c0d2e4f6a8b0c2d4e6f8a0b2c4',
    job_workflow_ref: `${repository}/${workflow}@${ref}`,
    job_workflow_sha: 'a3f5c1d2e4b6a8c0d2e4f6a8b0c2d4e6f8a0b2c4',
    run_id: '9876543210',
    run_number: '42',
    run_attempt: '1',
    actor: 'jane',
    event_name: 'push',
    runner_environment: 'github-hosted',
    ...extra,
  };
}

/** Starts oidc-issuer.mjs on 127.0.0.1; its runtime endpoint signs `runtimeClaims`. */
export async function startOidcIssuer(runtimeClaims: Record<string, string>): Promise<OidcIssuer> {
  const script = path.join(import.meta.dirname, 'oidc-issuer.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify(runtimeClaims)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  afterThisTest(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the OIDC issuer exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  const { issuer, requestToken } = JSON.parse(line) as { issuer: string; requestToken: string };
  return {
    issuer,
    runtime: {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${issuer}/runtime/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    },
    async sign(request) {
      const response = await fetch(`${issuer}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      return ((await response.json()) as { token: string }).token;
    },
  };
}
