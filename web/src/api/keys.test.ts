import { pathsToInvalidate } from './cache-rules';
import { keyFor } from './keys';
import { myPublishersKey } from './queries/my-publishers';

describe('keyFor', () => {
  it('spells a path the way a write announces it, so the announcement reaches the read', () => {
    // GET /users/publishers/ and the POST /users/publishers/... a write announces without the slash.
    expect(keyFor('/users/publishers/')).toEqual(['/users/publishers']);
    expect(keyFor('/users/publishers/')[0]).toBe(pathsToInvalidate('POST', '/users/publishers/')[0]);
    expect(keyFor('/')).toEqual(['/']);
    // Your Nodes, the claim page and the publish page once kept this read under two keys.
    expect(myPublishersKey()).toEqual(['/users/publishers']);
  });

  it('keeps the parameters after the path', () => {
    expect(keyFor('/nodes', { limit: 1 })).toEqual(['/nodes', { limit: 1 }]);
    expect(keyFor('/nodes/a/versions', 'admin')).toEqual(['/nodes/a/versions', 'admin']);
  });
});
