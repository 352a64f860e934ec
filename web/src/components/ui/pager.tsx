import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  totalPages: number;
  /** What is paged, for screen readers ("Result pages"). */
  label: string;
  onPage: (page: number) => void;
}

/**
 * Previous, "Page 2 of 5", a page to jump to, and Next under a paged list; nothing when the list
 * fits one page. A page past the end (an old link, a list that shrank) offers the last page.
 */
export function Pager({ page, totalPages, label, onPage }: PagerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  // The new page starts at its top, as a new page load would.
  const go = (next: number) => {
    onPage(next);
    setTyped('');
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };
  if (totalPages >= 1 && page > totalPages) {
    return (
      <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <p role="status" className="text-sm">
          {t('pager.pastEnd', { page, total: totalPages })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => go(totalPages)}>
          {t('pager.last', { total: totalPages })}
        </Button>
      </nav>
    );
  }
  if (totalPages <= 1) return null;
  const wanted = Number(typed);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= totalPages;
  const jump = (event: FormEvent) => {
    event.preventDefault();
    if (valid && wanted !== page) go(wanted);
  };
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="text-sm">{t('pager.page', { page, total: totalPages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => go(page + 1)}>
        {t('pager.next')}
      </Button>
      {totalPages > 2 ? (
        <form onSubmit={jump} className="flex items-center gap-2">
          <label htmlFor={inputId} className="text-sm">
            {t('pager.jump')}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={totalPages}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="h-9 w-20 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          <Button type="submit" variant="secondary" size="sm" disabled={!valid}>
            {t('pager.go')}
          </Button>
        </form>
      ) : null}
    </nav>
  );
}
