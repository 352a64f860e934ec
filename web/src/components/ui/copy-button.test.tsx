import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COPY_FEEDBACK_MS, CopyBlock, CopyButton } from './copy-button';

const text = { copy: 'Copy', copied: 'Copied', failed: 'Copy failed', copiedAnnounce: 'Copied to the clipboard' };

function stubClipboard(writeText: (value: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
});

it('copies the value, says so visibly and to screen readers, reports success, then resets', async () => {
  const written: string[] = [];
  stubClipboard(async (value) => {
    written.push(value);
  });
  const onCopy = vi.fn();
  render(<CopyBlock title="Install" value="comfy node install hello" text={text} label="Copy hello" onCopy={onCopy} />);
  expect(screen.getByText('Install')).toBeTruthy();
  expect(screen.getByText('comfy node install hello').closest('pre')?.getAttribute('dir')).toBe('ltr');
  const button = screen.getByRole('button', { name: 'Copy hello' });
  expect(button.textContent).toBe('Copy');

  vi.useFakeTimers({ shouldAdvanceTime: true });
  await userEvent.click(button);
  expect(written).toEqual(['comfy node install hello']);
  expect(onCopy).toHaveBeenCalledWith(true);
  expect(button.textContent).toBe('Copied');
  expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard');

  act(() => {
    vi.advanceTimersByTime(COPY_FEEDBACK_MS);
  });
  expect(button.textContent).toBe('Copy');
  expect(screen.getByRole('status').textContent).toBe('');
});

it('says when the clipboard refused, and reports the failure', async () => {
  stubClipboard(async () => {
    throw new Error('denied');
  });
  const onCopy = vi.fn();
  render(<CopyButton value="secret" text={text} label="Copy the token" onCopy={onCopy} />);
  const button = screen.getByRole('button', { name: 'Copy the token' });
  await userEvent.click(button);
  expect(onCopy).toHaveBeenCalledWith(false);
  expect(button.textContent).toBe('Copy failed');
  expect(screen.getByRole('status').textContent).toBe('Copy failed');
});
