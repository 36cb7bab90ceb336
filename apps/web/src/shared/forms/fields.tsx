import { useId } from 'react';
import type { ReactNode } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import type { FieldError as FieldErrorOf, FieldPath, FieldValues } from 'react-hook-form';
import type { MasterItem } from '@casaoferta/domain/masters';
import { Checkbox } from '../ui/checkbox';
import type { CheckboxProps } from '../ui/checkbox';
import { FieldError } from '../ui/field-parts';
import { Select } from '../ui/select';
import type { SelectOption } from '../ui/select';
import { TextField } from '../ui/text-field';
import type { TextFieldProps } from '../ui/text-field';

/**
 * The react-hook-form fields of the web's forms, on the form in context (FormProvider), each a shared/ui
 * control on FieldFrame with the field's error message. Generic over the form's values: a form binds
 * them to its names with an instantiation expression (`FormText<PropertyFormValues>`).
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A master list (code, label) or options (value, label), as a select's options. */
const selectOptions = (options: readonly SelectOption[] | readonly MasterItem[]): SelectOption[] =>
  options.map((item) => ('code' in item ? { value: item.code, label: item.label } : item));

export type FormTextProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error' | 'ref'> & {
  name: FieldPath<T>;
  /** An empty (or blank) text is left out (undefined), as the contract expects of an optional field. */
  emptyAsUndefined?: boolean;
  /** Rewrites what is typed as it is typed (e.g. digits only). */
  normalize?: (value: string) => string;
};

/** The message of a field's error in the form in context, when it has one. */
export function useFieldError<T extends FieldValues = FieldValues>(name: FieldPath<T>): string | undefined {
  const { errors } = useFormState<T>({ name });
  const error = get(errors, name) as FieldErrorOf | undefined;
  return error?.message || undefined;
}

/** A text input registered on the form. */
export function FormText<T extends FieldValues = FieldValues>({
  name,
  emptyAsUndefined = false,
  normalize,
  ...props
}: FormTextProps<T>) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  const field = register(name, emptyAsUndefined ? { setValueAs: emptyToUndefined } : {});
  const onChange: typeof field.onChange = normalize
    ? (event: { target: HTMLInputElement }) => {
        event.target.value = normalize(event.target.value);
        return field.onChange(event);
      }
    : field.onChange;
  return <TextField {...props} error={error} {...field} onChange={onChange} />;
}

export type FormCheckboxProps<T extends FieldValues> = Omit<
  CheckboxProps,
  'name' | 'error' | 'ref' | 'checked' | 'defaultChecked' | 'value'
> & {
  name: FieldPath<T>;
};

/** A single checkbox registered on the form: its value is a boolean (checked or not). */
export function FormCheckbox<T extends FieldValues = FieldValues>({ name, ...props }: FormCheckboxProps<T>) {
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name);
  return <Checkbox {...props} error={error} {...register(name)} />;
}

export interface FormSelectProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly SelectOption[] | readonly MasterItem[];
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  autoComplete?: string;
  /** The first, empty option's text; null leaves it out (a value is always chosen). */
  placeholder?: string | null;
  /** After the owner picks a value (not on a reset): e.g. the province clears the municipality. */
  onPicked?: (value: string | undefined) => void;
}

/**
 * A select, controlled so a value loaded before its options still shows; the empty first option is no
 * value (undefined).
 */
export function FormSelect<T extends FieldValues = FieldValues>({
  name,
  label,
  options,
  required = false,
  hint,
  disabled,
  autoComplete,
  placeholder,
  onPicked,
}: FormSelectProps<T>) {
  const {
    field: { name: fieldName, value, onBlur, onChange, ref },
    fieldState,
  } = useController<T>({ name });
  return (
    <Select
      label={label}
      required={required}
      hint={hint}
      disabled={disabled}
      autoComplete={autoComplete}
      placeholder={placeholder}
      error={fieldState.error?.message}
      options={selectOptions(options)}
      name={fieldName}
      ref={ref}
      value={typeof value === 'string' ? value : ''}
      onBlur={onBlur}
      onChange={(event) => {
        const picked = event.target.value || undefined;
        onChange(picked);
        onPicked?.(picked);
      }}
    />
  );
}

export interface FormCountProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  min?: number;
  max?: number;
}

/**
 * A whole number (a count; amounts of money use MoneyField); empty is undefined (then the schema says
 * it is required where it is).
 */
export function FormCount<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required = false,
  min = 0,
  max,
}: FormCountProps<T>) {
  const {
    field: { name: fieldName, value, onBlur, onChange, ref },
    fieldState,
  } = useController<T>({ name });
  return (
    <TextField
      label={label}
      hint={hint}
      required={required}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      error={fieldState.error?.message}
      name={fieldName}
      ref={ref}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    />
  );
}

export interface FormCheckboxesProps<T extends FieldValues> {
  name: FieldPath<T>;
  legend: ReactNode;
  options: readonly SelectOption[] | readonly MasterItem[];
  /** Class of the box around the checkboxes (their layout). */
  className?: string;
}

/** Several codes of a list, as checkboxes in a fieldset; the value is the list of checked codes. */
export function FormCheckboxes<T extends FieldValues = FieldValues>({
  name,
  legend,
  options,
  className,
}: FormCheckboxesProps<T>) {
  const errorId = `${useId()}-error`;
  const {
    field: { name: fieldName, value, onBlur, onChange },
    fieldState,
  } = useController<T>({ name });
  const checked = asList(value);
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...checked, code] : checked.filter((item) => item !== code));
  const error = fieldState.error?.message;
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="fieldset__legend">{legend}</legend>
      <div className={className}>
        {selectOptions(options).map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            name={fieldName}
            value={option.value}
            checked={checked.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            onBlur={onBlur}
          />
        ))}
      </div>
      <FieldError id={error ? errorId : undefined}>{error}</FieldError>
    </fieldset>
  );
}
