import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../shared/ui/button';
import {
  emptyValues,
  lastStep,
  stepFields,
  stepIds,
  type PropertyFieldName,
  type PropertyFormOutput,
  type PropertyFormValues,
} from '../form-values';
import type { DraftStatus } from '../../../shared/forms/use-draft-autosave';
import { usePropertyDraft } from '../hooks/use-property-draft';
import { usePhotoUploads } from '../hooks/use-photo-uploads';
import { usePropertySubmit } from '../hooks/use-property-submit';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { propertyFormTexts as t } from '../texts';
import { propertyResolver } from '../validation';
import { AddressStep } from './address-step';
import { CharacteristicsStep } from './characteristics-step';
import { DraftNotice } from './draft-notice';
import { PhotosStep } from './photos-step';
import { ReviewStep } from './review-step';
import { Stepper } from './stepper';

export interface PropertyWizardProps {
  /** The property edited, or the draft restored from storage; null for a new one. */
  initialId: string | null;
  isNew: boolean;
  initialValues: Partial<PropertyFormValues>;
  initialStep: number;
  initialSection: AnnouncementKind | undefined;
  /** The URL named no section: the review step asks for it. */
  askSection: boolean;
  /** The form was restored from local storage (a new property offers to start over). */
  restored: boolean;
  serverDrafts: boolean;
  /** The saved draft's id, once known (null again after 'Empezar de cero'): the page puts it in the URL. */
  onDraftId: (id: string | null) => void;
  /** The form was sent to validation (the owner goes on to the announcement form). */
  onSent: () => void;
}

/** The four steps of the property form, with the draft kept as the owner goes. */
export function PropertyWizard(props: PropertyWizardProps) {
  const form = useForm<PropertyFormValues, unknown, PropertyFormOutput>({
    resolver: propertyResolver,
    defaultValues: { ...emptyValues, ...props.initialValues },
    mode: 'onTouched',
  });
  const [step, setStep] = useState(props.initialStep);
  const [section, setSection] = useState(props.initialSection);
  const [notice, setNotice] = useState<string | undefined>();
  const [restored, setRestored] = useState(props.restored);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterStep = useRef<{ field?: PropertyFieldName } | null>(null);
  const autosave = usePropertyDraft({
    form,
    initialId: props.initialId,
    isNew: props.isNew,
    serverDrafts: props.serverDrafts,
    step,
    section,
    restored: props.restored,
    onDraftId: props.onDraftId,
  });
  const uploads = usePhotoUploads();

  useEffect(() => {
    const target = focusAfterStep.current;
    if (!target) return;
    focusAfterStep.current = null;
    if (target.field) form.setFocus(target.field);
    else headingRef.current?.focus();
  }, [step, form]);

  const showStep = (next: number, field?: string) => {
    const target = { field: stepFields[stepIds[next] ?? 'address'].find((name) => name === field) };
    setNotice(undefined);
    if (next === step) {
      if (target.field) form.setFocus(target.field);
      return;
    }
    focusAfterStep.current = target;
    void autosave.saveNow();
    setStep(next);
  };

  const { submit, sending } = usePropertySubmit({
    form,
    section,
    saveDraft: autosave.saveBeforeSend,
    finishDraft: autosave.finish,
    onSent: props.onSent,
    showStep,
    onMissingSection: () => {
      setNotice(t.errors.section);
      formRef.current?.querySelector<HTMLInputElement>('input[name="section"]')?.focus();
    },
    uploadsBusy: uploads.busy,
    onUploadsBusy: () => setNotice(t.photos.waitUploads),
  });

  const goNext = async () => {
    const fields = stepFields[stepIds[step] ?? 'address'];
    const valid = fields.length === 0 || (await form.trigger([...fields], { shouldFocus: true }));
    if (valid) showStep(step + 1);
    else setNotice(t.fixErrors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a field of an earlier step means 'Siguiente', not 'Enviar'.
    if (step < lastStep) {
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  };

  const startOver = () => {
    autosave.discard();
    form.reset({ ...emptyValues });
    setRestored(false);
    showStep(0);
  };

  return (
    <FormProvider {...form}>
      {restored && props.isNew && <DraftNotice onStartOver={startOver} />}
      <form ref={formRef} className="property-form stack" noValidate onSubmit={onSubmit}>
        <Stepper current={step} headingRef={headingRef} />
        {step === 0 && <AddressStep />}
        {step === 1 && <CharacteristicsStep />}
        {step === 2 && (
          <PhotosStep
            propertyId={autosave.draftId}
            draftStatus={autosave.status}
            onRetryDraft={() => void autosave.saveNow()}
            uploads={uploads}
          />
        )}
        {step === 3 && (
          <ReviewStep
            propertyId={autosave.draftId}
            section={section}
            askSection={props.askSection}
            onSectionChange={(picked) => {
              setSection(picked);
              setNotice(undefined);
            }}
            sectionError={notice === t.errors.section ? notice : undefined}
            onEdit={(target) => showStep(target)}
          />
        )}
        {notice && notice !== t.errors.section && (
          <p className="field__error" role="alert">
            {notice}
          </p>
        )}
        <div className="property-form__nav">
          {step > 0 && (
            <Button variant="secondary" onClick={() => showStep(step - 1)}>
              {t.back}
            </Button>
          )}
          {/* Distinct keys: reusing the clicked 'Siguiente' element as the submit button would let the
              browser submit the form at the end of that same click. */}
          {step < lastStep ? (
            <Button key="next" onClick={() => void goNext()}>
              {t.next}
            </Button>
          ) : (
            <Button key="submit" type="submit" loading={sending}>
              {t.submit}
            </Button>
          )}
          <span className="muted text-sm property-form__status">{statusText(autosave.status)}</span>
        </div>
      </form>
    </FormProvider>
  );
}

function statusText(status: DraftStatus): string {
  if (status === 'saving') return t.draft.saving;
  if (status === 'saved') return t.draft.saved;
  return status === 'error' ? t.draft.failed : '';
}
