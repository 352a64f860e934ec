import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

/** `{"a":{"a":...}}` nested `depth` levels, built as text (no recursion in the test either). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('JSON bodies nested too deeply', () => {
  // 5,000 levels gave a 500 on the identity passthrough routes.
  it.each([
    ['an identity passthrough route', '/api/auth/sign-in/email'],
    ['an identity passthrough route without a schema', '/api/auth/update-user'],
    ['an ordinary write', '/publishers'],
  ])('are a 400 {message, error} on %s, not a 500', async (_what, url) => {
    const t = await buildTestApp();
    for (const depth of [33, 5000]) {
      const res = await t.anon.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: t.config.server.PUBLIC_WEB_URL },
        payload: nested(depth),
      });
      // Identity routes answer in better-auth's envelope ({code, message}), the rest in {message, error}.
      expect({ depth, status: res.statusCode, message: res.json().message }).toEqual({
        depth,
        status: 400,
        message: 'Request body is nested too deeply',
      });
    }
  });

  it('lets bodies up to 32 levels through to the route', async () => {
    const t = await buildTestApp();
    const res = await t.anon.inject({
      method: 'POST',
      url: '/publishers',
      headers: { 'content-type': 'application/json' },
      payload: nested(32),
    });
    // Refused by the route's own schema, not for the nesting.
    expect(res.json()).toEqual({
      message: "Invalid body: id must have required property 'id'",
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });
});
