import { useNavigate } from 'react-router';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { showToast } from '../../../shared/ui/toast-store';
import { useSubmitProperty } from '../api/submit-property';
import {
  isPropertyField,
  stepFields,
  stepIds,
  stepOfField,
  type PropertyFormOutput,
  type PropertyFormValues,
} from '../form-values';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { fieldMessage } from '../validation';

interface Options {
  form: UseFormReturn<PropertyFormValues, unknown, PropertyFormOutput>;
  section: AnnouncementKind | undefined;
  /** Flushes the draft and gives its id (a new property is created under it by that save). */
  saveDraft: () => Promise<string>;
  /** Local storage is cleared once the property is sent. */
  finishDraft: () => void;
  /** Told once the property is sent, before going on to the announcement form. */
  onSent: () => void;
  /** Shows a step and focuses a field of it (or its heading). */
  showStep: (step: number, focusField?: string) => void;
  onMissingSection: () => void;
  /** Photos still uploading: sending now would cancel them. */
  uploadsBusy: boolean;
  onUploadsBusy: () => void;
}

/**
 * 'Enviar a validación': the whole form is validated (the first step with an error is shown), saved as
 * a draft (which creates a new property under the id the form made, decision 013), sent by
 * PUT /api/property/{id}, and the owner continues to the announcement form of the section. Never
 * POST /api/property: it has no id to repeat, so a send repeated after a lost answer, or from this form
 * left on screen by Back, would make a second property. A server error naming a field goes to that field.
 */
export function usePropertySubmit(options: Options) {
  const { form, section, saveDraft, finishDraft, showStep } = options;
  const navigate = useNavigate();
  const mutation = useSubmitProperty();

  const onServerError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 401) return;
    const name = error.field?.split('.')[0] ?? '';
    const step = error.field ? stepOfField(error.field) : null;
    if (isPropertyField(name) && step !== null) {
      const message =
        error.code === 'INVALID_INPUT'
          ? fieldMessage(name, 'server')
          : errorText(error.code, cachedExceptionAttributes());
      form.setError(name, { type: 'server', message });
      showStep(step, name);
      return;
    }
    showToast(errorText(error.code, cachedExceptionAttributes()), 'error');
  };

  const onValid = async (input: PropertyFormOutput) => {
    if (!section) return options.onMissingSection();
    if (options.uploadsBusy) return options.onUploadsBusy();
    try {
      const id = await saveDraft();
      const saved = await mutation.mutateAsync({ id, input });
      finishDraft();
      options.onSent();
      navigate(paths.newAnnouncement(section, saved.id || id));
    } catch (error) {
      onServerError(error);
    }
  };

  const onInvalid = (errors: FieldErrors<PropertyFormValues>) => {
    const step = stepIds.findIndex((id) => stepFields[id].some((name) => errors[name]));
    const field =
      step === -1 ? undefined : stepFields[stepIds[step] ?? 'address'].find((name) => errors[name]);
    if (step !== -1) showStep(step, field);
  };

  // Sent: the button stays busy until the announcement form replaces this one (its code may still load).
  return {
    submit: form.handleSubmit(onValid, onInvalid),
    sending: mutation.isPending || mutation.isSuccess,
  };
}
