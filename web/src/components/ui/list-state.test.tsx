import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListState } from './list-state';

const text = { loading: 'Loading tokens', empty: 'No tokens yet.', retry: 'Retry' };
const list = <ul aria-label="Tokens" />;

describe('ListState', () => {
  it('shows a labelled spinner, not the list, while the first answer is on its way', () => {
    render(
      <ListState isPending failure={null} empty={false} text={text}>
        {list}
      </ListState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading tokens');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says why the list failed, and retries when the section offers it', async () => {
    let asked = 0;
    render(
      <ListState isPending={false} failure="Server unavailable" text={text} onRetry={() => asked++}>
        {list}
      </ListState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Server unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(asked).toBe(1);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers no retry without one, says an empty list is empty, and shows a loaded list', () => {
    const { rerender } = render(
      <ListState isPending={false} failure="Server unavailable" text={{ loading: 'Loading' }}>
        {list}
      </ListState>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <ListState isPending={false} failure={null} empty text={text}>
        {list}
      </ListState>,
    );
    expect(screen.getByText('No tokens yet.')).toBeInTheDocument();
    rerender(
      <ListState isPending={false} failure={null} empty={false} text={text}>
        {list}
      </ListState>,
    );
    expect(screen.getByRole('list', { name: 'Tokens' })).toBeInTheDocument();
  });
});
