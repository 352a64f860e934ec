import { Link } from 'react-router';

/** A pack's publisher and admin tags together, each once, in the order given. */
export function packTags(pack: { tags?: string[]; tags_admin?: string[] }): string[] {
  const seen = new Set<string>();
  return [...(pack.tags ?? []), ...(pack.tags_admin ?? [])].filter((tag) => {
    const key = tag.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The search that lists every pack carrying this tag (the home page's `tag` filter). */
export const tagSearchPath = (tag: string) => `/?${new URLSearchParams({ tag }).toString()}`;

export interface TagListProps {
  tags: string[];
  /** The list's accessible name ("Tags"). */
  label: string;
  /** A tag link's accessible name, e.g. "Show packs tagged video". */
  linkLabel: (tag: string) => string;
  className?: string;
  /**
   * False inside a card that is itself one link: the tags stay clickable but are not Tab stops
   * (the search page's tag filter reaches the same results by keyboard).
   */
  focusable?: boolean;
}

/** Tags as small links, each to the search results filtered by that tag. */
export function TagList({ tags, label, linkLabel, className, focusable = true }: TagListProps) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-1.5 ${className ?? ''}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagSearchPath(tag)}
            aria-label={linkLabel(tag)}
            tabIndex={focusable ? undefined : -1}
            className="relative z-10 inline-block max-w-full break-all rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:text-brand-100"
          >
            <span dir="auto">#{tag}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
