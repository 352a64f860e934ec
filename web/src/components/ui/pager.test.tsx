import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Pager } from './pager';

const common = (language: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../../public/locales/${language}/common.json`), 'utf8'));

async function inLanguage(language: string) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { common: common(language) } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

it('shows where the reader is and moves one page either way', async () => {
  const wrapper = await inLanguage('en');
  const onPage = vi.fn();
  render(<Pager page={2} totalPages={5} label="Result pages" onPage={onPage} />, { wrapper });
  const nav = screen.getByRole('navigation', { name: 'Result pages' });
  expect(nav).toHaveTextContent('Page 2 of 5');
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPage.mock.calls).toEqual([[1], [3]]);
});

it('cannot go before the first page or past the last', async () => {
  const wrapper = await inLanguage('en');
  const { rerender } = render(<Pager page={1} totalPages={3} label="Pages" onPage={() => {}} />, { wrapper });
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  rerender(<Pager page={3} totalPages={3} label="Pages" onPage={() => {}} />);
  expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

it('is left out when everything fits on one page', async () => {
  const wrapper = await inLanguage('en');
  const { container } = render(<Pager page={1} totalPages={1} label="Pages" onPage={() => {}} />, { wrapper });
  expect(container).toBeEmptyDOMElement();
});

it('speaks the interface language', async () => {
  const wrapper = await inLanguage('zh');
  render(<Pager page={2} totalPages={4} label="结果分页" onPage={() => {}} />, { wrapper });
  expect(screen.getByRole('navigation', { name: '结果分页' })).toHaveTextContent('第 2 页，共 4 页');
  expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled();
});

it('jumps to a typed page and starts the new page at its top', async () => {
  const wrapper = await inLanguage('en');
  const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const onPage = vi.fn();
  render(<Pager page={1} totalPages={9} label="Pages" onPage={onPage} />, { wrapper });
  const go = screen.getByRole('button', { name: 'Go' });
  await userEvent.type(screen.getByLabelText('Go to page'), '12');
  expect(go).toBeDisabled();
  await userEvent.clear(screen.getByLabelText('Go to page'));
  await userEvent.type(screen.getByLabelText('Go to page'), '7{Enter}');
  expect(onPage.mock.calls).toEqual([[7]]);
  expect(scrolled).toHaveBeenCalledWith({ top: 0 });
  scrolled.mockRestore();
});

it('offers the last page when the page asked for is past the end', async () => {
  const wrapper = await inLanguage('en');
  const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const onPage = vi.fn();
  render(<Pager page={40} totalPages={3} label="Pages" onPage={onPage} />, { wrapper });
  expect(screen.getByRole('status')).toHaveTextContent('Page 40 does not exist; there are 3.');
  await userEvent.click(screen.getByRole('button', { name: 'Go to the last page (3)' }));
  expect(onPage.mock.calls).toEqual([[3]]);
  scrolled.mockRestore();
});
