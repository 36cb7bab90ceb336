import type { ReactNode } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import type { MasterItem } from '@casaoferta/domain/masters';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import type { PropertyFieldName, PropertyFormValues } from '../form-values';

type TextName = 'street' | 'streetNumber' | 'door' | 'postalCode';
type CodeName = Exclude<PropertyFieldName, TextName | 'surfaceM2' | 'rooms' | 'bathrooms' | 'features'>;
type CountName = 'surfaceM2' | 'rooms' | 'bathrooms';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

interface TextProps {
  name: TextName;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
}

/** A text input; an empty optional field is left out (undefined), as the contract expects. */
export function FormText({ name, label, required = false, hint, autoComplete, inputMode }: TextProps) {
  const { register, control } = useFormContext<PropertyFormValues>();
  const { errors } = useFormState({ control, name });
  const error = errors[name];
  return (
    <TextField
      label={label}
      required={required}
      hint={hint}
      autoComplete={autoComplete}
      inputMode={inputMode}
      error={error?.message}
      {...register(name, required ? {} : { setValueAs: emptyToUndefined })}
    />
  );
}

interface SelectProps {
  name: CodeName;
  label: string;
  options: readonly MasterItem[];
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  /** After the owner picks a value (not on a reset): e.g. the province clears the municipality. */
  onPicked?: (value: string | undefined) => void;
}

/** A select over a master list, controlled so a value loaded before its options still shows. */
export function FormSelect({
  name,
  label,
  options,
  required = false,
  hint,
  disabled,
  onPicked,
}: SelectProps) {
  const { control } = useFormContext<PropertyFormValues>();
  const {
    field: { name: fieldName, value, onBlur, onChange, ref },
    fieldState,
  } = useController({ control, name });
  return (
    <Select
      label={label}
      required={required}
      hint={hint}
      disabled={disabled}
      error={fieldState.error?.message}
      options={options.map((item) => ({ value: item.code, label: item.label }))}
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

/** A whole number; empty is undefined (then the schema says it is required where it is). */
export function FormCount({
  name,
  label,
  required = false,
}: {
  name: CountName;
  label: string;
  required?: boolean;
}) {
  const { control } = useFormContext<PropertyFormValues>();
  const {
    field: { name: fieldName, value, onBlur, onChange, ref },
    fieldState,
  } = useController({ control, name });
  return (
    <TextField
      label={label}
      required={required}
      type="number"
      inputMode="numeric"
      min={0}
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

/** The additional features, as checkboxes in a fieldset. */
export function FormFeatures({ legend, options }: { legend: string; options: readonly MasterItem[] }) {
  const { control } = useFormContext<PropertyFormValues>();
  const {
    field: { name, value, onChange },
  } = useController({ control, name: 'features' });
  const selected = value ?? [];
  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...selected, code] : selected.filter((item) => item !== code));
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{legend}</legend>
      <div className="property-form__features">
        {options.map((item) => (
          <Checkbox
            key={item.code}
            label={item.label}
            name={name}
            value={item.code}
            checked={selected.includes(item.code)}
            onChange={(event) => toggle(item.code, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
