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

/** Previous, "Page 2 of 5" and Next under a paged list; nothing when the list fits one page. */
export function Pager({ page, totalPages, label, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="text-sm">{t('pager.page', { page, total: totalPages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
