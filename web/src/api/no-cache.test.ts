import { QueryClient } from '@tanstack/react-query';
import { refetchWithoutCache } from './no-cache';

it('refetches with the no-cache headers and stores the fresh answer', async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['/nodes/pack'], { name: 'old' });
  const seen: Record<string, string>[] = [];
  const fresh = await refetchWithoutCache(queryClient, ['/nodes/pack'], async ({ headers }) => {
    seen.push({ ...headers });
    return { name: 'new' };
  });
  expect(fresh).toEqual({ name: 'new' });
  expect(queryClient.getQueryData(['/nodes/pack'])).toEqual({ name: 'new' });
  expect(seen).toEqual([{ 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' }]);
});
