import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { EMBEDDED_DATA_ID, resetEmbedded } from '../../lib/embedded-data';
import type { components } from '../schema.gen';
import { nodeQuery } from './node';

type Node = components['schemas']['Node'];

afterEach(() => {
  document.getElementById(EMBEDDED_DATA_ID)?.remove();
  resetEmbedded();
});

function embed(value: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = EMBEDDED_DATA_ID;
  element.textContent = JSON.stringify(value);
  document.head.appendChild(element);
}

describe('nodeQuery', () => {
  it('becomes the pack query’s initial data without a fetch, then the query revalidates', async () => {
    embed({ fetchedAt: 5000, queries: { '/nodes/a': { id: 'a', name: 'Embedded' } } });
    const client = new QueryClient();
    const fetched: string[] = [];
    const options = {
      ...nodeQuery('a'),
      queryFn: async () => {
        fetched.push('a');
        return { id: 'a', name: 'Fresh' } as Node;
      },
    };
    const observer = new QueryObserver(client, options);
    const first = observer.getCurrentResult();
    expect(first.status).toBe('success');
    expect(first.data?.name).toBe('Embedded');
    expect(first.dataUpdatedAt).toBe(5000);
    expect(fetched).toEqual([]);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryData(['/nodes/a'])).toEqual({ id: 'a', name: 'Fresh' }));
    expect(fetched).toEqual(['a']);
    unsubscribe();
    client.clear();
  });

  it('fetches when nothing was embedded for the pack', async () => {
    embed({ fetchedAt: 5000, queries: { '/nodes/other': { id: 'other' } } });
    const client = new QueryClient();
    const observer = new QueryObserver(client, { ...nodeQuery('a'), queryFn: async () => ({ id: 'a' }) as Node });
    expect(observer.getCurrentResult().status).toBe('pending');
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryData(['/nodes/a'])).toEqual({ id: 'a' }));
    unsubscribe();
    client.clear();
  });
});
