import { useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, FocusEvent, ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { formatNumber } from '@casaoferta/domain/format';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from './field-parts';
import { uiTexts } from './texts';

const t = uiTexts.money;

export type MoneyUnit = keyof typeof t.unit;
/** Why a text is not a whole number of euros: it has cents, or it is not a number written in Spanish. */
export type MoneyProblem = 'decimals' | 'format';
export interface ParsedEuros {
  value: number | null;
  problem: MoneyProblem | null;
}

const digitsIn = (text: string) => text.replace(/\D/g, '');
const dotsIn = (text: string) => text.split('.').length - 1;
/** Beyond 15 digits a number is no longer exact. */
const MAX_DIGITS = 15;
const grouped = (digits: string) => (digits === '' ? '' : formatNumber(Number(digits)));
const textOf = (value: number | null) => (value === null ? '' : formatNumber(value));
/** The text as this field writes it: es-ES groups ("250.000"), or nothing. */
const isGrouped = (text: string) => text === grouped(digitsIn(text));

/**
 * A price written the Spanish way, in whole euros: the dot groups thousands ("250.000" is 250000) and
 * the comma starts the cents, refused unless they are zeros ("250000,50"). Spaces, "€" and the unit are
 * ignored.
 */
export function parseEuros(text: string): ParsedEuros {
  const compact = text.replace(/[\s€]|\/(mes|año)/g, '');
  if (compact === '') return { value: null, problem: null };
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/.exec(compact);
  if (!match) {
    // "1.5" or "250.50": a decimal written with a dot.
    const decimal = /^[\d.]*\d[.,]\d{1,2}$/.test(compact);
    return { value: null, problem: decimal ? 'decimals' : 'format' };
  }
  const [, whole = '', cents = ''] = match;
  if (/[1-9]/.test(cents)) return { value: null, problem: 'decimals' };
  const value = Number(whole.replaceAll('.', ''));
  return Number.isSafeInteger(value) ? { value, problem: null } : { value: null, problem: 'format' };
}

/** The caret index in `text` right after its `count`-th digit. */
function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/\d/.test(text.charAt(index)) && ++seen === count) return index + 1;
  }
  return text.length;
}

/**
 * The text after an edit, grouped again while it is plain digits (or digits in the groups this field
 * wrote), with the caret after the same digit. A dot the owner types, or a comma, leaves the text as
 * typed until it reads as a number: "250." on its way to "250.000" is not regrouped.
 */
export function reformat(
  raw: string,
  caret: number,
  previous: string,
  inputType = '',
): { text: string; caret: number } {
  const kept = (value: string) => value.replace(/[^\d.,]/g, '');
  let text = kept(raw);
  let position = kept(raw.slice(0, caret)).length;
  const onlyDotDeleted =
    isGrouped(previous) &&
    text.length === previous.length - 1 &&
    dotsIn(text) < dotsIn(previous) &&
    digitsIn(text) === digitsIn(previous);
  if (onlyDotDeleted) {
    // The dot would come back: delete the digit beside it instead.
    const at = inputType === 'deleteContentForward' ? position : position - 1;
    if (at >= 0 && at < text.length) {
      text = text.slice(0, at) + text.slice(at + 1);
      position = at;
    }
  }
  const typedDot = dotsIn(text) > dotsIn(previous);
  const regroup =
    !text.includes(',') &&
    digitsIn(text).length <= MAX_DIGITS &&
    (dotsIn(text) === 0 || (!typedDot && isGrouped(previous)));
  if (!regroup) return { text, caret: position };
  const digits = digitsIn(text);
  const significant = digits.replace(/^0+(?=\d)/, '');
  const before = Math.max(0, digitsIn(text.slice(0, position)).length - (digits.length - significant.length));
  const next = grouped(significant);
  return { text: next, caret: caretAfterDigits(next, before) };
}

export interface MoneyInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'size' | 'children'
> {
  label: ReactNode;
  unit: MoneyUnit;
  /** Whole euros; null when empty. */
  value: number | null | undefined;
  /** Whole euros, or null when empty or when the text is not a price (then `problem` says why). */
  onChange: (value: number | null, problem: MoneyProblem | null) => void;
  hint?: ReactNode;
  /** Error text from the form (a bound, a required price); the field's own reading problem goes first. */
  error?: ReactNode;
  /** A soft note under the field (an unusual price) that does not make it invalid. */
  warning?: ReactNode;
}

/**
 * An amount in whole euros, typed the Spanish way and grouped as it is typed ("250.000"): a text field
 * with the numeric keyboard, the unit after it (€, €/mes, €/año) shown and read out, and the reason a
 * text is not a price once the owner leaves the field.
 */
export function MoneyInput({
  label,
  unit,
  value,
  onChange,
  onBlur,
  hint,
  error,
  warning,
  required,
  id,
  className,
  ...rest
}: MoneyInputProps) {
  const incoming = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const [text, setText] = useState(() => textOf(incoming));
  // The value this field last reported: any other value comes from outside (a reset) and is shown.
  const [reported, setReported] = useState(incoming);
  const [problem, setProblem] = useState<MoneyProblem | null>(null);
  const [left, setLeft] = useState(false);
  if (incoming !== reported) {
    setReported(incoming);
    setText(textOf(incoming));
    setProblem(null);
  }
  const shownError = problem && (left || error) ? t[problem] : error;
  const { controlId, hintId, errorId } = useFieldIds(id, hint, shownError);
  const unitId = `${controlId}-unit`;
  const warningId = warning ? `${controlId}-warning` : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { inputType } = event.nativeEvent as InputEvent;
    const edit = reformat(input.value, input.selectionStart ?? input.value.length, text, inputType);
    // Written now, so the caret stays by the digit typed (React then has nothing left to change).
    input.value = edit.text;
    input.setSelectionRange(edit.caret, edit.caret);
    const parsed = parseEuros(edit.text);
    setText(edit.text);
    setProblem(parsed.problem);
    if (!parsed.problem) setLeft(false);
    setReported(parsed.value);
    onChange(parsed.value, parsed.problem);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = parseEuros(text);
    if (!parsed.problem) setText(textOf(parsed.value));
    setLeft(true);
    onBlur?.(event);
  };

  return (
    <div className={['field', 'money-input', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="money-input__control">
        <input
          {...rest}
          id={controlId}
          className="input money-input__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={handleChange}
          onBlur={handleBlur}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[unitId, hintId, warningId, errorId].filter(Boolean).join(' ')}
        />
        <span id={unitId} className="money-input__unit">
          <span aria-hidden="true">{t.unit[unit].symbol}</span>
          <span className="visually-hidden">{t.unit[unit].spoken}</span>
        </span>
      </div>
      {warning && (
        <span id={warningId} className="field__warning">
          {warning}
        </span>
      )}
      <FieldError id={errorId}>{shownError}</FieldError>
    </div>
  );
}

export type MoneyFieldProps<T extends FieldValues> = Omit<
  MoneyInputProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'error'
> & {
  name: FieldPath<T>;
  /** The form's control; the FormProvider's when left out. */
  control?: Control<T>;
};

/**
 * MoneyInput bound to a react-hook-form field: the field holds whole euros, null when empty (undefined
 * would bring the default value back: useController reads an undefined value as the default), and NaN
 * while the text is not a price (so the form's schema refuses it and the field explains why). The
 * form's resolver treats null as a field left out.
 */
export function MoneyField<T extends FieldValues>({ name, control, ...props }: MoneyFieldProps<T>) {
  // Destructured: the hooks linter takes `field.ref` for a React ref read during render.
  const {
    field: { name: fieldName, value, onBlur, onChange, ref },
    fieldState,
  } = useController({ name, control });
  return (
    <MoneyInput
      {...props}
      name={fieldName}
      ref={ref}
      value={typeof value === 'number' ? value : null}
      onBlur={onBlur}
      onChange={(euros, problem) => onChange(problem ? Number.NaN : euros)}
      error={fieldState.error?.message}
    />
  );
}
