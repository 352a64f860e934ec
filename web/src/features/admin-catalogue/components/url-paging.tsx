import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/ui/pager';

/** Previous / next paging that keeps the page in the URL (`page`). */
export function UrlPager({ page, totalPages, label }: { page: number; totalPages: number; label: string }) {
  const [params, setParams] = useSearchParams();
  const goTo = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next > 1) copy.set('page', String(next));
    else copy.delete('page');
    setParams(copy);
  };
  return <Pager page={page} totalPages={totalPages} label={label} onPage={goTo} />;
}

/** The page number in the URL (1 when missing or bad). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(parsed) && parsed > 1 ? parsed : 1;
}
