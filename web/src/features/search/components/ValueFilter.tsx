import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH, MAX_FILTER_VALUES } from '../lib/search-params';

export interface ValueFilterProps {
  legend: string;
  inputLabel: string;
  placeholder: string;
  values: string[];
  onChange: (values: string[]) => void;
}

/** A free-text filter: type a value and add it; each value shows as a removable chip. */
export function ValueFilter({ legend, inputLabel, placeholder, values, onChange }: ValueFilterProps) {
  const { t } = useTranslation('search');
  const inputId = useId();
  const [text, setText] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '') return;
    if (!values.includes(value)) onChange([...values, value]);
    setText('');
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold">{legend}</legend>
      <form onSubmit={add} className="mt-1 flex min-w-0 gap-2">
        <label htmlFor={inputId} className="sr-only">
          {inputLabel}
        </label>
        <input
          id={inputId}
          dir="auto"
          value={text}
          maxLength={MAX_FILTER_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          disabled={values.length >= MAX_FILTER_VALUES}
          className="h-9 w-40 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="h-9 shrink-0 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t('filters.add')}
        </button>
      </form>
      {values.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {values.map((value) => (
            <li key={value}>
              <button
                type="button"
                onClick={() => onChange(values.filter((item) => item !== value))}
                aria-label={t('filters.remove', { value })}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-800 dark:text-brand-100"
              >
                <span dir="auto" className="break-all">
                  {value}
                </span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
