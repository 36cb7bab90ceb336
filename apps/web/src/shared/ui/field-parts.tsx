import { useId } from 'react';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons';
import { uiTexts } from './texts';

/** Ids that tie a control to its hint and error text (aria-describedby). */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export function RequiredMark() {
  return (
    <span className="field__required">
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">{uiTexts.required}</span>
    </span>
  );
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id || !children) return null;
  return (
    <span id={id} className="field__hint">
      {children}
    </span>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id || !children) return null;
  return (
    <span id={id} className="field__error">
      <AlertIcon size={16} className="toast__icon" />
      {children}
    </span>
  );
}

/** What a control inside a FieldFrame spreads on itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
  required?: boolean | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one control (TextField, Select), wired for assistive technology. */
export function FieldFrame({ label, hint, error, id, className, required, children }: FieldFrameProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children({
        id: controlId,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
