import { useId } from 'react';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox } from '../../../../shared/ui/checkbox';
import { FieldError } from '../../../../shared/ui/field-parts';
import type { SelectOption } from '../../../../shared/ui/select';

export interface CheckboxGroupFieldProps {
  name: string;
  legend: ReactNode;
  options: readonly SelectOption[];
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Several codes of a master list, as checkboxes in a fieldset; the value is the list of checked codes. */
export function CheckboxGroupField({ name, legend, options }: CheckboxGroupFieldProps) {
  const { control } = useFormContext();
  const errorId = `${useId()}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const checked = asList(field.value);
        const toggle = (code: string, on: boolean) =>
          field.onChange(on ? [...checked, code] : checked.filter((item) => item !== code));
        const error = fieldState.error?.message;
        return (
          <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
            <legend className="fieldset__legend">{legend}</legend>
            <div className="fieldset__options ann-checks">
              {options.map((option) => (
                <Checkbox
                  key={option.value}
                  label={option.label}
                  name={field.name}
                  value={option.value}
                  checked={checked.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
            <FieldError id={error ? errorId : undefined}>{error}</FieldError>
          </fieldset>
        );
      }}
    />
  );
}
