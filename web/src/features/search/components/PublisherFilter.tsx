import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnclaimedPublisher } from '../../../lib/catalogue/unclaimed';
import { usePublisherNames, usePublisherSearch } from '../api/publishers';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { suggestPublishers } from '../lib/publisher-suggestions';
import { MAX_FILTER_LENGTH, MAX_FILTER_VALUES } from '../lib/search-params';
import { addButtonClass, FilterChips, filterInputClass } from './FilterChips';

export interface PublisherFilterProps {
  /** Publisher ids (what the URL keeps, so shared links stay stable when a name changes). */
  values: string[];
  onChange: (values: string[]) => void;
}

/**
 * The publisher filter: typing part of a publisher's name or id suggests publishers (the server
 * searches them); choosing one adds its id. Text that names no known publisher is added as an id.
 */
export function PublisherFilter({ values, onChange }: PublisherFilterProps) {
  const { t } = useTranslation('search');
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), 200);
  const publishers = usePublisherSearch(typed);
  const suggestions =
    text.trim() === '' ? [] : suggestPublishers(publishers.data ?? [], typed, values, isUnclaimedPublisher);
  const names = usePublisherNames(values);
  const nameOf = (id: string) => names.get(id.toLowerCase()) || id;

  const choose = (id: string) => {
    if (!values.some((value) => value.toLowerCase() === id.toLowerCase())) onChange([...values, id]);
    setText('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed === '') return;
    // One suggestion left: that is the publisher meant; otherwise the text is taken as an id.
    const only = suggestions.length === 1 ? suggestions[0] : undefined;
    choose(only ? only.id : typed);
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold">{t('filters.publisher')}</legend>
      <form onSubmit={submit} className="mt-1 flex min-w-0 gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('filters.publisherInput')}
        </label>
        <input
          id={inputId}
          dir="auto"
          value={text}
          maxLength={MAX_FILTER_LENGTH}
          autoComplete="off"
          aria-describedby={suggestions.length > 0 ? listId : undefined}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('filters.publisherPlaceholder')}
          disabled={values.length >= MAX_FILTER_VALUES}
          className={`w-48 ${filterInputClass}`}
        />
        <button type="submit" className={addButtonClass}>
          {t('filters.add')}
        </button>
      </form>
      {suggestions.length > 0 ? (
        <ul
          id={listId}
          aria-label={t('filters.publisherSuggestions')}
          className="mt-1 max-w-xs overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {suggestions.map((publisher) => (
            <li key={publisher.id}>
              <button
                type="button"
                onClick={() => choose(publisher.id)}
                className="flex w-full min-w-0 items-baseline gap-2 px-3 py-1.5 text-start hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span dir="auto" className="truncate font-medium">
                  {publisher.name || publisher.id}
                </span>
                <span dir="ltr" className="truncate text-xs text-slate-600 dark:text-slate-400">
                  @{publisher.id}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FilterChips values={values} onChange={onChange} label={nameOf} />
    </fieldset>
  );
}
