import { normalizeList } from '../../lib/compat';

/** A comma- or line-separated field as a clean list. */
export const splitList = (text: string) => normalizeList(text.split(/[,\n]/));

/** Toggle chips that add or remove common values from a comma-separated field. */
export function QuickChips({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: string[];
  value: string;
  onChange: (next: string) => void;
}) {
  const current = splitList(value);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm text-slate-700 dark:text-slate-300">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((option) => {
          const on = current.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange((on ? current.filter((v) => v !== option) : normalizeList([...current, option])).join(', '))
              }
              className={`rounded-full border px-3 py-1 text-xs font-medium ${
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
