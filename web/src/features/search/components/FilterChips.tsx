import { useTranslation } from 'react-i18next';

export interface FilterChipsProps {
  values: string[];
  onChange: (values: string[]) => void;
  /** What a value is shown as (a publisher id as its name); the value itself by default. */
  label?: (value: string) => string;
}

/** A filter's values as chips; pressing one removes that value. */
export function FilterChips({ values, onChange, label = (value) => value }: FilterChipsProps) {
  const { t } = useTranslation('search');
  if (values.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {values.map((value) => (
        <li key={value}>
          <button
            type="button"
            onClick={() => onChange(values.filter((item) => item !== value))}
            aria-label={t('filters.remove', { value: label(value) })}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-800 dark:text-brand-100"
          >
            <span dir="auto" className="break-all">
              {label(value)}
            </span>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The look of a filter's Add button. */
export const addButtonClass =
  'h-9 shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800';

/** The look of a filter's text field; the width is the caller's. */
export const filterInputClass =
  'h-9 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900';
