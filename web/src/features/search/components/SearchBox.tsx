import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchSuggestions } from '../api/search-suggestions';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { type BoxOption, boxOptions } from '../lib/box-options';

export interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** The user chose a query (Enter, a suggestion or a recent search). */
  onSubmit: (text: string) => void;
  /** The user chose a pack suggestion. */
  onPick: (nodeId: string) => void;
  recent: readonly string[];
  onClearRecent: () => void;
  /** The list opened: past searches are read again (another tab, or a logout, may have changed them). */
  onOpen?: () => void;
}

/** The search field: a combobox listing recent searches and the server's suggestions. */
export function SearchBox({ value, onChange, onSubmit, onPick, recent, onClearRecent, onOpen }: SearchBoxProps) {
  const { t } = useTranslation('search');
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // `/` anywhere on the page (outside a text field) jumps to the search box, as on most sites.
  useEffect(() => {
    const onSlash = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onSlash);
    return () => document.removeEventListener('keydown', onSlash);
  }, []);
  // Closes when focus leaves the whole widget (the clear button inside keeps it open).
  const onBlurWithin = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const [active, setActive] = useState(-1);
  const typed = useDebouncedValue(value.trim(), 150);
  const suggestions = useSearchSuggestions(typed, open && typed !== '');

  const options = boxOptions(baseId, value, typed, recent, suggestions.data?.suggestions ?? []);
  const hasRecent = options.some((option) => option.kind === 'recent');
  const expanded = open && options.length > 0;

  const choose = (option: BoxOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'pack' && option.nodeId) onPick(option.nodeId);
    else onSubmit(option.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (option) choose(option);
      else {
        setOpen(false);
        onSubmit(value);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value !== '') {
        event.preventDefault();
        onChange('');
      }
    }
  };

  const renderOption = (option: BoxOption, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the field (aria-activedescendant)
    <div
      key={option.id}
      tabIndex={-1}
      id={option.id}
      role="option"
      aria-selected={index === active}
      // Keeps focus in the field, so the list does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => choose(option)}
      className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ${
        index === active ? 'bg-brand-50 text-brand-900 dark:bg-slate-700 dark:text-white' : ''
      }`}
    >
      <span className="min-w-0 flex-1 truncate">{option.text}</span>
      {option.kind === 'pack' || option.kind === 'class' ? (
        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
          {t(option.kind === 'pack' ? 'box.packHint' : 'box.classHint')}
        </span>
      ) : null}
    </div>
  );

  return (
    <div ref={rootRef} className="relative">
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t('box.label')}
      </label>
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        aria-keyshortcuts="/"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t('box.placeholder')}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          onOpen?.();
          setOpen(true);
        }}
        onBlur={onBlurWithin}
        onKeyDown={onKeyDown}
        className="h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
      >
        {hasRecent ? (
          <div className="flex items-center justify-between px-3 pt-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
            <span id={`${baseId}-recent`}>{t('box.recent')}</span>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onBlur={onBlurWithin}
              onClick={() => {
                onClearRecent();
                document.getElementById(`${baseId}-input`)?.focus();
              }}
              className="rounded px-1 py-0.5 font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 dark:text-brand-100"
            >
              {t('box.clearRecent')}
            </button>
          </div>
        ) : null}
        <div id={listId} role="listbox" aria-label={t('box.suggestions')} className="max-h-80 overflow-y-auto">
          {options.map(renderOption)}
        </div>
      </div>
    </div>
  );
}
