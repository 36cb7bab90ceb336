import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject, SyntheticEvent } from 'react';
import { CloseIcon } from './icons';
import { uiTexts } from './texts';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** Visible heading; the dialog is labelled by it. */
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  variant?: 'center' | 'sheet' | 'drawer';
  wide?: boolean;
  /** Keep the title for assistive technology only. */
  hideTitle?: boolean;
  showCloseButton?: boolean;
  closeLabel?: string;
  dismissOnBackdrop?: boolean;
  /** Element focused when the dialog opens; by default the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function openModal(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  // jsdom and very old browsers lack showModal: fall back to the open attribute.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

function focusInitial(dialog: HTMLDialogElement, initial: HTMLElement | null | undefined) {
  const target =
    initial ??
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>(`.dialog__body :is(${focusableSelector})`) ??
    dialog.querySelector<HTMLElement>(focusableSelector) ??
    dialog;
  target.focus();
}

/**
 * Modal dialog on the native <dialog> element (showModal: the rest of the page becomes inert).
 * Focus moves in on open and returns to the element that had it when the dialog closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  variant = 'center',
  wide = false,
  hideTitle = false,
  showCloseButton = true,
  closeLabel = uiTexts.close,
  dismissOnBackdrop = true,
  initialFocusRef,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModal(dialog);
    focusInitial(dialog, initialFocusRef?.current);
    return () => {
      closeModal(dialog);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (dismissOnBackdrop && pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
  };

  const classes = ['dialog', variant !== 'center' && `dialog--${variant}`, wide && 'dialog--wide', className]
    .filter(Boolean)
    .join(' ');

  return (
    <dialog
      ref={ref}
      className={classes}
      aria-labelledby={titleId}
      onCancel={handleCancel}
      onKeyDown={handleKeyDown}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={handleClick}
    >
      {open && (
        <>
          <div className="dialog__header">
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            {showCloseButton && (
              <button
                type="button"
                className="btn btn--ghost btn--icon dialog__close"
                aria-label={closeLabel}
                onClick={onClose}
              >
                <CloseIcon />
              </button>
            )}
          </div>
          <div className="dialog__body">{children}</div>
          {footer && <div className="dialog__footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
}
