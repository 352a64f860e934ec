import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LENGTH, MAX_FILTER_VALUES } from '../lib/search-params';
import { addButtonClass, FilterChips, filterInputClass } from './FilterChips';

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
          className={`w-40 ${filterInputClass}`}
        />
        <button type="submit" className={addButtonClass}>
          {t('filters.add')}
        </button>
      </form>
      <FilterChips values={values} onChange={onChange} />
    </fieldset>
  );
}
