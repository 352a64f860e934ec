import { QueryClient } from '@tanstack/react-query';
import { keyFor } from '../keys';
import { invalidatePackReads } from './pack-reads';

describe('invalidatePackReads', () => {
  it('marks stale every read that shows the pack, and no read of another pack or publisher', async () => {
    const client = new QueryClient();
    const keys = {
      pack: keyFor('/nodes/hello'),
      versions: keyFor('/nodes/hello/versions'),
      otherPack: keyFor('/nodes/hello-world'),
      owner: keyFor('/publishers/acme/nodes/v2', { page: 1, limit: 10 }),
      placeholder: keyFor('/publishers/unclaimed'),
      otherPublisher: keyFor('/publishers/acme2'),
      mine: keyFor('/users/publishers/'),
      catalogue: keyFor('/nodes', { limit: 1 }),
      search: keyFor('/nodes/search', { q: 'x' }),
      suggestions: keyFor('/nodes/search/suggestions', 'x'),
      profile: keyFor('/users'),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await invalidatePackReads(client, 'hello', ['acme', 'unclaimed']);
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['pack', 'versions', 'owner', 'placeholder', 'mine', 'catalogue', 'search', 'suggestions']);
  });
});
