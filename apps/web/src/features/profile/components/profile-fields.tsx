import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  birthDateBounds,
  childrenOptions,
  madridToday,
  MAX_COHABITANTS,
} from '@casaoferta/domain/rules/tenant-profile';
import { FormSelect, FormText } from '../../../shared/forms/fields';
import type { ProfileFormValues } from '../form-values';
import type { Option, ProfileLists } from '../lists';
import { profileTexts as t } from '../texts';
import { RadioSelector, yesNoOptions } from './radio-selector';

/**
 * The fields of each part of the profile, on the form in context: the wizard's steps and the section
 * pages show the same ones.
 */

const countOptions = (values: readonly number[]): Option[] =>
  values.map((value) => ({ value: String(value), label: String(value) }));

const cohabitantOptions = countOptions(Array.from({ length: MAX_COHABITANTS + 1 }, (_, i) => i));

/** Step 1, 'Situación laboral': DNI/NIE, contract type and net income band. */
export function WorkFields({ lists }: { lists: ProfileLists }) {
  return (
    <>
      <FormText<ProfileFormValues>
        name="nif"
        label={t.fields.nif}
        hint={t.fields.nifHint}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <RadioSelector name="typeContractCode" kind="code" options={lists.typeContract} inline />
      <FormSelect<ProfileFormValues>
        name="salaryRangeCode"
        label={t.fields.salaryRangeCode}
        hint={t.fields.salaryRangeHint}
        options={lists.salaryRange}
        required
      />
    </>
  );
}

/** Step 2, 'Datos personales': name, surnames, birth date, nationality and civil status. */
export function PersonalFields({ lists }: { lists: ProfileLists }) {
  return (
    <>
      <FormText<ProfileFormValues> name="name" label={t.fields.name} required autoComplete="given-name" />
      <FormText<ProfileFormValues>
        name="surname"
        label={t.fields.surname}
        required
        autoComplete="family-name"
      />
      <FormText<ProfileFormValues>
        name="birthDate"
        label={t.fields.birthDate}
        type="date"
        min={birthDateBounds(madridToday()).min}
        max={madridToday()}
        required
        autoComplete="bday"
      />
      <FormSelect<ProfileFormValues>
        name="countryCode"
        label={t.fields.countryCode}
        options={lists.countries}
        required
        autoComplete="country"
      />
      <RadioSelector name="civilStatusCode" kind="code" options={lists.civilStatus} inline />
    </>
  );
}

/**
 * Step 3, 'Convivencia' (SPEC 5.4): cohabitants 0–10; children from 0 up to the cohabitants, disabled
 * without any; pets and smokers Sí/No.
 */
export function HouseholdFields() {
  const { setValue, getValues } = useFormContext<ProfileFormValues>();
  const cohabitants = useWatch<ProfileFormValues, 'numberCohabitants'>({ name: 'numberCohabitants' });
  const children = childrenOptions(typeof cohabitants === 'number' ? cohabitants : 0);
  const top = children.values.at(-1) ?? 0;

  // Fewer cohabitants than children: the children come down to the new top (0 without cohabitants).
  useEffect(() => {
    const current = getValues('numberChildren');
    if (typeof current === 'number' && current > top) setValue('numberChildren', top);
  }, [top, getValues, setValue]);

  return (
    <>
      <RadioSelector
        name="numberCohabitants"
        kind="count"
        options={cohabitantOptions}
        hint={t.fields.numberCohabitantsHint}
        defaultFirst
        inline
      />
      <RadioSelector
        name="numberChildren"
        kind="count"
        options={countOptions(children.values)}
        disabled={children.disabled}
        hint={children.disabled ? t.fields.numberChildrenDisabled : undefined}
        defaultFirst
        inline
      />
      <RadioSelector name="hasPets" kind="yesNo" options={yesNoOptions} inline />
      <RadioSelector name="hasSmokers" kind="yesNo" options={yesNoOptions} inline />
    </>
  );
}
