import type { JWTPayload } from 'jose';
import type { Provenance } from '../catalogue/provenance.js';

/** A registered trusted publisher, as matching needs it (repository and environment lowercased). */
export interface TrustedIdentity {
  repository: string;
  workflow: string;
  environment: string;
}

/** The claims of a GitHub Actions identity token that matching and provenance read. */
export interface ActionsClaims {
  repository: string;
  workflowRefs: string[];
  environment: string;
  sha: string;
  ref: string;
  runId: string;
  runAttempt: string;
}

function text(payload: JWTPayload, name: string): string {
  const value = payload[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Reads the claims GitHub Actions sends (docs/publishing.md lists them). */
export function actionsClaims(payload: JWTPayload): ActionsClaims {
  return {
    repository: text(payload, 'repository'),
    // The workflow running the job (a reusable one, when called) and the workflow of the run.
    workflowRefs: [text(payload, 'job_workflow_ref'), text(payload, 'workflow_ref')].filter((ref) => ref !== ''),
    environment: text(payload, 'environment'),
    sha: text(payload, 'sha'),
    ref: text(payload, 'ref'),
    runId: text(payload, 'run_id'),
    runAttempt: text(payload, 'run_attempt'),
  };
}

/**
 * Whether a token's claims are those of a registered trusted publisher: the same repository
 * (GitHub names compare without case), a workflow reference `owner/name/<workflow>@<ref>` to the
 * registered file of that repository (in `job_workflow_ref` or `workflow_ref`), and, when one is
 * registered, the same environment.
 */
export function matches(identity: TrustedIdentity, claims: ActionsClaims): boolean {
  if (claims.repository.toLowerCase() !== identity.repository) return false;
  const wanted = `${identity.repository}/${identity.workflow}@`;
  const workflowMatches = claims.workflowRefs.some((ref) => {
    const at = ref.indexOf('@');
    if (at < 0) return false;
    const path = ref.slice(0, at + 1);
    // owner/name compare without case; the workflow file's path as written.
    const slash = path.indexOf('/', path.indexOf('/') + 1);
    return slash > 0 && path.slice(0, slash).toLowerCase() + path.slice(slash) === wanted;
  });
  if (!workflowMatches) return false;
  return identity.environment === '' || claims.environment.toLowerCase() === identity.environment;
}

/** The version's provenance for a publish through this token. */
export function provenanceOf(issuer: string, identity: TrustedIdentity, claims: ActionsClaims): Provenance {
  return {
    via: 'trusted_publisher',
    issuer,
    repository: claims.repository,
    workflow: identity.workflow,
    environment: claims.environment,
    commit: claims.sha,
    run_id: claims.runId,
    run_attempt: claims.runAttempt,
    ref: claims.ref,
  };
}
