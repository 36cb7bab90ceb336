import { useEffect, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { RadioGroup } from '../../../shared/ui/radio-group';
import type { Option } from '../lists';
import { fieldTitle, type ProfileField } from '../form-values';
import { profileTexts as t } from '../texts';

/** How the form holds the value the radios show as text: a code, a count, or Sí/No ('Si'/'No', SPEC 3). */
export type SelectorKind = 'code' | 'count' | 'yesNo';

const toRadio = (kind: SelectorKind, value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (kind === 'yesNo') return value === true ? 'Si' : value === false ? 'No' : String(value);
  return String(value);
};

const toForm = (kind: SelectorKind, value: string): string | number | boolean => {
  if (kind === 'count') return Number(value);
  if (kind === 'yesNo') return value === 'Si';
  return value;
};

export const yesNoOptions: readonly Option[] = [
  { value: 'Si', label: t.yes },
  { value: 'No', label: t.no },
];

export interface RadioSelectorProps {
  name: ProfileField;
  kind: SelectorKind;
  options: readonly Option[];
  /** SPEC 5.4: the first option is chosen when the field starts empty. */
  defaultFirst?: boolean;
  disabled?: boolean;
  hint?: string;
  inline?: boolean;
}

/**
 * The radio selector of SPEC 5.4, on the form in context: required ('El campo {title} es requerido',
 * through the form's resolver), an unknown preset value says "La opción '{value}' no existe en {title}"
 * and is cleared, and the first option may be chosen by default.
 */
export function RadioSelector({
  name,
  kind,
  options,
  defaultFirst = false,
  disabled = false,
  hint,
  inline = false,
}: RadioSelectorProps) {
  const { setError, clearErrors } = useFormContext();
  const { field, fieldState } = useController({ name });
  const title = fieldTitle(name);
  const presetChecked = useRef(false);
  const { onChange } = field;
  const value = toRadio(kind, field.value);

  // Once, when the options are known: the value the field started with (stored, or the default).
  useEffect(() => {
    if (presetChecked.current || options.length === 0) return;
    presetChecked.current = true;
    if (value === null) {
      const first = options[0];
      if (defaultFirst && first) onChange(toForm(kind, first.value));
      return;
    }
    if (options.some((option) => option.value === value)) return;
    onChange(undefined);
    setError(name, { type: 'unknown', message: t.selector.unknown(value, title) });
  }, [options, value, defaultFirst, kind, name, title, onChange, setError]);

  return (
    <div
      ref={(element) => field.ref(element?.querySelector('input:not([disabled])') ?? null)}
      onBlur={(event) => {
        // Leaving the group (not moving between its radios) marks it touched: the required message shows.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) field.onBlur();
      }}
    >
      <RadioGroup
        legend={title}
        name={field.name}
        options={options.map((option) => ({ ...option, disabled }))}
        value={value}
        required
        inline={inline}
        boxed={!inline}
        hint={hint}
        error={fieldState.error?.message}
        onChange={(picked) => {
          clearErrors(name);
          onChange(toForm(kind, picked));
        }}
      />
    </div>
  );
}
