import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Short text under the title; it becomes the dialog's accessible description. */
  description?: string;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /**
   * Where focus goes on close when the control that opened the dialog is gone (a dialog opened
   * from another dialog, or a row the dialog deleted), instead of falling to the page's start.
   */
  fallbackFocus?: () => HTMLElement | null;
}

/** A modal dialog: focus is trapped inside, Escape closes it, focus returns to the opener. */
export function Dialog({ open, onOpenChange, title, description, children, footer, fallbackFocus }: DialogProps) {
  // Radix returns focus to its own Trigger; these dialogs open from state, so they remember the
  // control that had focus as they opened (read while rendering, before focus moves inside).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
      setOpener(document.activeElement);
    }
  }
  const returnFocus = (event: Event) => {
    // The page's body is no control: focus had already fallen there (a disabled button).
    const target = opener?.isConnected && opener !== document.body ? opener : fallbackFocus?.();
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed start-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2 dark:border-slate-700 dark:bg-slate-900"
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button that closes the surrounding dialog. */
export const DialogClose = RadixDialog.Close;
