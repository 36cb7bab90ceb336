import { Controller, useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { RadioGroup } from '../../../../shared/ui/radio-group';
import type { RadioOption } from '../../../../shared/ui/radio-group';
import { announcementTexts } from '../../texts';

interface ChoiceProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}

/** A short master list (or the offer type) as radio buttons in a fieldset. */
export function RadioField({
  name,
  label,
  hint,
  required = false,
  options,
  inline = false,
  boxed = false,
}: ChoiceProps & { options: readonly RadioOption[]; inline?: boolean; boxed?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RadioGroup
          legend={label}
          name={field.name}
          options={options}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          hint={hint}
          error={fieldState.error?.message}
          required={required}
          inline={inline}
          boxed={boxed}
        />
      )}
    />
  );
}

const yesNo = [
  { value: 'Si', label: announcementTexts.form.yes },
  { value: 'No', label: announcementTexts.form.no },
] as const;

/** A boolean as Sí / No radios (master values Si and No, SPEC 3). */
export function YesNoField({ name, label, hint }: ChoiceProps) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RadioGroup
          legend={label}
          name={field.name}
          options={yesNo}
          value={field.value === true ? 'Si' : field.value === false ? 'No' : null}
          onChange={(value) => field.onChange(value === 'Si')}
          hint={hint}
          error={fieldState.error?.message}
          inline
        />
      )}
    />
  );
}
