/** The add form of a trusted publisher, as typed. */
export interface TrustedPublisherForm {
  repository: string;
  workflow: string;
  environment: string;
}

export const EMPTY_TRUSTED_FORM: TrustedPublisherForm = { repository: '', workflow: '', environment: '' };

/** Which field is wrong and why (the section's translation keys). */
export type TrustedFormProblem = 'repositoryInvalid' | 'workflowInvalid' | 'environmentInvalid';

// The server's rules (trusted-publishing/routes.ts): GitHub's owner/name characters, a workflow
// file directly in .github/workflows/, an environment name without quotes or separators.
const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;
const WORKFLOW = /^(\.github\/workflows\/)?[A-Za-z0-9._-]+\.ya?ml$/;
const ENVIRONMENT = /^[A-Za-z0-9 _.-]{0,255}$/;
const GITHUB_URL = /^(?:https?:\/\/)?(?:www\.)?github\.com\//i;

/** The form as the API takes it: trimmed, a pasted GitHub address reduced to `owner/name`. */
export function trustedPublisherBody(form: TrustedPublisherForm) {
  const repository = form.repository
    .trim()
    .replace(GITHUB_URL, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  const environment = form.environment.trim();
  return { repository, workflow: form.workflow.trim(), ...(environment ? { environment } : {}) };
}

/** Each field's problem, empty when the form can be sent. */
export function trustedFormProblems(
  form: TrustedPublisherForm,
): Partial<Record<keyof TrustedPublisherForm, TrustedFormProblem>> {
  const body = trustedPublisherBody(form);
  return {
    ...(REPOSITORY.test(body.repository) ? {} : { repository: 'repositoryInvalid' as const }),
    ...(WORKFLOW.test(body.workflow) ? {} : { workflow: 'workflowInvalid' as const }),
    ...(ENVIRONMENT.test(body.environment ?? '') ? {} : { environment: 'environmentInvalid' as const }),
  };
}
