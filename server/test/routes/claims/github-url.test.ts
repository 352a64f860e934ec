import { describe, expect, it } from 'vitest';
import { parseGitHubRepository } from '../../../src/modules/claims/github.js';

describe('parseGitHubRepository', () => {
  it.each([
    ['https://github.com/acme/hello', { owner: 'acme', name: 'hello' }],
    ['https://github.com/acme/hello.git', { owner: 'acme', name: 'hello' }],
    ['http://www.github.com/Acme/Hello_World/', { owner: 'Acme', name: 'Hello_World' }],
    ['https://github.com/acme/hello/tree/main/sub', { owner: 'acme', name: 'hello' }],
    ['git@github.com:acme/hello.git', { owner: 'acme', name: 'hello' }],
    ['  https://github.com/acme/comfy.nodes  ', { owner: 'acme', name: 'comfy.nodes' }],
  ])('reads %s', (url, expected) => {
    expect(parseGitHubRepository(url)).toEqual(expected);
  });

  it.each([
    [''],
    ['https://gitlab.com/acme/hello'],
    ['https://github.com/acme'],
    ['https://github.com.evil.test/acme/hello'],
    ['https://github.com/-acme/hello'],
    ['https://github.com/acme/..'],
    ['ftp://github.com/acme/hello'],
  ])('refuses %j', (url) => {
    expect(parseGitHubRepository(url)).toBeNull();
  });
});
