import { hasIds, noCacheHeaders, pathsToInvalidate, requestPath, shouldPersistQuery, shouldRetry } from './cache-rules';
import { ApiError } from './errors';

describe('pathsToInvalidate', () => {
  it('invalidates the request path after a POST', () => {
    expect(pathsToInvalidate('POST', '/publishers/acme/tokens')).toEqual(['/publishers/acme/tokens']);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('invalidates the path and its parent after %s', (method) => {
    expect(pathsToInvalidate(method, '/publishers/acme/tokens/t1')).toEqual([
      '/publishers/acme/tokens/t1',
      '/publishers/acme/tokens',
    ]);
  });

  it('ignores the query string and a trailing slash', () => {
    expect(pathsToInvalidate('delete', '/publishers/acme/nodes/pack/?force=1')).toEqual([
      '/publishers/acme/nodes/pack',
      '/publishers/acme/nodes',
    ]);
    expect(requestPath('/users/publishers/')).toBe('/users/publishers');
  });

  it('uses the root as the parent of a top-level path', () => {
    expect(pathsToInvalidate('PUT', '/publishers')).toEqual(['/publishers', '/']);
  });

  it('invalidates nothing after reads', () => {
    expect(pathsToInvalidate('GET', '/nodes')).toEqual([]);
    expect(pathsToInvalidate('HEAD', '/nodes')).toEqual([]);
  });
});

describe('shouldRetry', () => {
  const serverError = new ApiError(500, 'boom');
  it('retries while fewer than 3 attempts have been made', () => {
    // failureCount is 0 after the first failed attempt, 1 after the second.
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(false);
    expect(shouldRetry(5, new TypeError('network'))).toBe(false);
  });

  it('never retries a 404 or a 403: they are final answers', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'Node Banned'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'Sign in'))).toBe(true);
  });
});

describe('hasIds', () => {
  it('enables node, publisher and token queries only with their id', () => {
    expect(hasIds('acme')).toBe(true);
    expect(hasIds(undefined)).toBe(false);
    expect(hasIds('')).toBe(false);
    expect(hasIds(null)).toBe(false);
  });

  it('needs both node id and version for version and comfy-node queries', () => {
    expect(hasIds('pack', '1.0.0')).toBe(true);
    expect(hasIds('pack', undefined)).toBe(false);
    expect(hasIds(undefined, '1.0.0')).toBe(false);
  });
});

it('persists every settled query but not pending ones', () => {
  expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(true);
  expect(shouldPersistQuery({ state: { status: 'error' } })).toBe(true);
  expect(shouldPersistQuery({ state: { status: 'pending' } })).toBe(false);
});

it('defines the no-cache header set', () => {
  expect(noCacheHeaders).toEqual({
    'Cache-Control': 'no-cache, no-store, must-revalidate',
    Pragma: 'no-cache',
    Expires: '0',
  });
});
