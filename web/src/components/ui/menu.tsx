import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

interface MenuContextValue {
  close: (returnFocus?: boolean) => void;
}

const MenuContext = createContext<MenuContextValue>({ close: () => {} });

const itemSelector = '[role^="menuitem"]:not([aria-disabled="true"])';
const panelClass =
  'fixed z-50 max-h-[min(80vh,32rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const itemClass =
  'flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-start text-sm outline-none hover:bg-slate-100 focus:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

export interface MenuProps {
  /** Accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** Extra classes for the open panel (width). */
  panelClassName?: string;
  children: ReactNode;
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or the arrow keys open it; arrows, Home and End
 * move between items; Escape closes it and returns focus; Tab or a click elsewhere closes it.
 * The panel is placed under the button and kept inside the window, on either side in RTL.
 */
export function Menu({ label, trigger, triggerClassName, panelClassName = '', children }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const place = useCallback(() => {
    const button = buttonRef.current?.getBoundingClientRect();
    const panel = panelRef.current;
    if (!button || !panel) return;
    const width = panel.offsetWidth;
    const rtl = getComputedStyle(panel).direction === 'rtl';
    const preferred = rtl ? button.left : button.right - width;
    const left = Math.max(8, Math.min(Math.max(8, preferred), window.innerWidth - width - 8));
    // Placed directly (not through state) so the panel is visible before focus moves into it.
    panel.style.top = `${button.bottom + 6}px`;
    panel.style.left = `${left}px`;
    panel.style.visibility = 'visible';
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    place();
    const items = panelRef.current?.querySelectorAll<HTMLElement>(itemSelector);
    if (!items || items.length === 0) return;
    const checked = Array.from(items).find((item) => item.getAttribute('aria-checked') === 'true');
    const target = open === 'last' ? items[items.length - 1] : (checked ?? items[0]);
    target?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onResize = () => place();
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onResize);
    window.addEventListener('scroll', onResize, { passive: true });
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onResize);
    };
  }, [open, close, place]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen('last');
    }
  };

  const onPanelKey = (event: KeyboardEvent) => {
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <MenuContext.Provider value={{ close }}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? id : undefined}
        className={triggerClassName}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onPanelKey}
          className={`${panelClass} ${panelClassName}`}
          style={{ visibility: 'hidden', top: 0, left: 0 }}
        >
          {children}
        </div>
      ) : null}
    </MenuContext.Provider>
  );
}

interface ItemProps {
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Keep the menu open after choosing (switches). */
  keepOpen?: boolean;
  lang?: string;
}

function useItem({ onSelect, disabled, keepOpen }: ItemProps) {
  const { close } = useContext(MenuContext);
  const activate = () => {
    if (disabled) return;
    if (!keepOpen) close(true);
    onSelect();
  };
  return {
    'aria-disabled': disabled ? true : undefined,
    className: itemClass,
    onClick: activate,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        activate();
      }
    },
  } as const;
}

/** A plain menu item. */
export function MenuItem(props: ItemProps) {
  return (
    <div role="menuitem" tabIndex={-1} lang={props.lang} {...useItem(props)}>
      {props.children}
    </div>
  );
}

/** One choice among several (the current one is checked). */
export function MenuRadioItem(props: ItemProps & { checked: boolean }) {
  return (
    <div role="menuitemradio" tabIndex={-1} aria-checked={props.checked} lang={props.lang} {...useItem(props)}>
      {props.children}
    </div>
  );
}

/** An on/off switch inside a menu; stays open so the change can be seen. */
export function MenuCheckboxItem(props: ItemProps & { checked: boolean }) {
  return (
    <div role="menuitemcheckbox" tabIndex={-1} aria-checked={props.checked} {...useItem({ ...props, keepOpen: true })}>
      {props.children}
    </div>
  );
}

/** A dividing line between groups of items. */
export function MenuSeparator() {
  return <hr className="my-1 h-px border-0 bg-slate-200 dark:bg-slate-700" />;
}

/** A group of items under a visible heading (radio groups). */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: inside role="menu" a group must be role="group", not a fieldset
    <div role="group" aria-labelledby={id}>
      <div
        id={id}
        className="px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
      >
        {label}
      </div>
      {children}
    </div>
  );
}
