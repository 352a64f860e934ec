import { describe, expect, it } from 'vitest';
import { trustedFormProblems, trustedPublisherBody } from './trusted-publisher-form';

describe('the trusted publisher form', () => {
  it('sends a pasted GitHub address as owner/name and leaves out an empty environment', () => {
    const form = { repository: ' https://github.com/Acme/hello.git ', workflow: 'publish.yml', environment: ' ' };
    expect(trustedPublisherBody(form)).toEqual({ repository: 'Acme/hello', workflow: 'publish.yml' });
    expect(trustedFormProblems(form)).toEqual({});
  });

  it('names each field the server would refuse', () => {
    expect(trustedFormProblems({ repository: 'acme', workflow: '../x.yml', environment: 'a;b' })).toEqual({
      repository: 'repositoryInvalid',
      workflow: 'workflowInvalid',
      environment: 'environmentInvalid',
    });
  });
});
