import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Accelerator,
  accelerators,
  activeFilterCount,
  noFilters,
  type OperatingSystem,
  operatingSystems,
  type SearchState,
  type SortOrder,
  sortOrders,
} from '../lib/search-params';
import { PublisherFilter } from './PublisherFilter';
import { ValueFilter } from './ValueFilter';

export interface SearchControlsProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}

const toggle = <T extends string>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

const checkboxClass =
  'h-4 w-4 rounded border-slate-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Sort order and the OS / accelerator filters; every change goes to the URL. */
export function SearchControls({ state, onChange }: SearchControlsProps) {
  const { t } = useTranslation('search');
  const sortId = useId();
  const compatNoteId = useId();
  const activeFilters = activeFilterCount(state);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('sort.label')}
        </label>
        <select
          id={sortId}
          value={state.sort}
          onChange={(event) => onChange({ sort: event.target.value as SortOrder, page: 1 })}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          {sortOrders.map((order) => (
            <option key={order} value={order}>
              {t(`sort.${order}`)}
            </option>
          ))}
        </select>
      </div>
      <details className="group min-w-0" open={activeFilters > 0 ? true : undefined}>
        <summary className="flex h-9 cursor-pointer list-none items-center rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800">
          {activeFilters > 0 ? t('filters.titleCount', { count: activeFilters }) : t('filters.title')}
        </summary>
        <div className="mt-2 flex flex-wrap gap-6 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
          <fieldset aria-describedby={compatNoteId}>
            <legend className="text-sm font-semibold">{t('filters.os')}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {operatingSystems.map((os: OperatingSystem) => (
                <label key={os} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={state.os.includes(os)}
                    onChange={() => onChange({ os: toggle(state.os, os), page: 1 })}
                  />
                  {t(`os.${os}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset aria-describedby={compatNoteId}>
            <legend className="text-sm font-semibold">{t('filters.accelerator')}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {accelerators.map((accelerator: Accelerator) => (
                <label key={accelerator} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={state.accelerator.includes(accelerator)}
                    onChange={() => onChange({ accelerator: toggle(state.accelerator, accelerator), page: 1 })}
                  />
                  {t(`accelerator.${accelerator}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <p id={compatNoteId} className="w-full text-xs text-slate-600 dark:text-slate-400">
            {t('filters.compatNote')}
          </p>
          <PublisherFilter values={state.publisher} onChange={(publisher) => onChange({ publisher, page: 1 })} />
          <ValueFilter
            legend={t('filters.tags')}
            inputLabel={t('filters.tagInput')}
            placeholder={t('filters.tagPlaceholder')}
            values={state.tags}
            onChange={(tags) => onChange({ tags, page: 1 })}
          />
          {activeFilters > 0 ? (
            <button
              type="button"
              onClick={() => onChange(noFilters)}
              className="self-end text-sm font-medium text-brand-600 underline underline-offset-2 focus-visible:outline-2 dark:text-brand-100"
            >
              {t('filters.clear')}
            </button>
          ) : null}
        </div>
      </details>
    </div>
  );
}
