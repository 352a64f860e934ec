import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../api/errors';
import { type LoadableQuery, LoadState } from './load-state';

const text = {
  loading: 'Loading pack',
  missingTitle: 'Pack not found',
  missingBody: 'There is no pack x.',
  failedTitle: 'Could not load',
  failedBody: 'Try again.',
  retry: 'Retry',
  back: 'Back to search',
};

function show(query: LoadableQuery) {
  const router = createMemoryRouter([{ path: '/', element: <LoadState query={query} text={text} /> }]);
  render(<RouterProvider router={router} />);
}

describe('LoadState', () => {
  it('shows a labelled spinner while the first answer is on its way', () => {
    show({ isPending: true, error: null, refetch: () => undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading pack');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says "not found" without a retry after a 404, and links back to search', () => {
    show({ isPending: false, error: new ApiError(404, 'Node not found'), refetch: () => undefined });
    expect(screen.getByRole('heading', { name: 'Pack not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no pack x.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/');
  });

  it('offers a retry after any other failure, which asks again', async () => {
    let asked = 0;
    show({ isPending: false, error: new ApiError(503, 'busy'), refetch: () => asked++ });
    expect(screen.getByRole('heading', { name: 'Could not load' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(asked).toBe(1);
  });
});
