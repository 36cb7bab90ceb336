import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { stepRequiredFields, type WizardStep } from '@casaoferta/domain/rules/tenant-profile';
import type { TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { useSessionActions } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast-store';
import { saveProfile, useProfileCache } from '../api/tenant-api';
import {
  formValuesOf,
  householdIds,
  loadProfileValidation,
  profileResolver,
  stepProblem,
  type ProfileFormValues,
} from '../form-values';
import type { ProfileLists } from '../lists';
import { failedField, failureText, toastFailure } from '../save-errors';
import { profileTexts as t } from '../texts';
import { HouseholdFields, PersonalFields, WorkFields } from './profile-fields';

export interface SectionFormProps {
  step: WizardStep;
  profile: TenantProfile;
  lists: ProfileLists;
}

/**
 * One section of the profile as an editable form (/profile/about-me, /laboral-situation, /convivence):
 * the wizard's fields and rules, saved with the section's own PUT.
 */
export function SectionForm({ step, profile, lists }: SectionFormProps) {
  const cache = useProfileCache();
  const { refresh } = useSessionActions();
  const form = useForm<ProfileFormValues>({
    resolver: profileResolver,
    mode: 'onTouched',
    defaultValues: formValuesOf(profile),
  });
  const fields = stepRequiredFields[step];
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const valid = await form.trigger([...fields], { shouldFocus: true });
    if (!valid) return;
    const values = form.getValues();
    const problem = await stepProblem(step, values, {
      lists,
      household: householdIds(profile),
      selfId: null,
    });
    if (problem) {
      form.setError(problem.field, { type: 'rule', message: problem.message }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    try {
      const { sectionSave } = await loadProfileValidation();
      const saved = await saveProfile(sectionSave(step, values));
      cache.setProfile(saved);
      form.reset(formValuesOf(saved));
      showToast(t.toasts.dataSaved, 'success');
      void refresh();
    } catch (error) {
      const field = failedField(error, fields);
      if (field === null) toastFailure(error, lists.exceptionAttributes);
      else
        form.setError(
          field,
          { type: 'server', message: failureText(error, lists.exceptionAttributes) },
          { shouldFocus: true },
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="card stack profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        {step === 'work' && <WorkFields lists={lists} />}
        {step === 'personal' && <PersonalFields lists={lists} />}
        {step === 'household' && <HouseholdFields />}
        <div className="actions profile-form__actions">
          <Button type="submit" size="lg" loading={busy}>
            {t.save}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
