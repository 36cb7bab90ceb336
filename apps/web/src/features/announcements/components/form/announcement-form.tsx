import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../../../shared/ui/button';
import { useAnnouncementEditor } from '../../form/use-announcement-editor';
import type { EditorOptions } from '../../form/use-announcement-editor';
import { announcementTexts } from '../../texts';
import { ConditionsFields, PresentationFields, PublicationFields } from './common-fields';
import { DraftIndicator } from './draft-indicator';

const t = announcementTexts.form;

export interface AnnouncementFormProps extends EditorOptions {
  /** Placeholder of the custom title. */
  automaticTitle: string | undefined;
  /** The fields of the kind (sale, rental or room). */
  children: ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The announcement form of any kind, inside the FormProvider of its kind's schema. */
export function AnnouncementForm({ automaticTitle, children, ...editorOptions }: AnnouncementFormProps) {
  const { draftState, canSaveDraft, saveDraftNow, submit } = useAnnouncementEditor(editorOptions);
  const {
    formState: { isSubmitting },
  } = useFormContext();
  const kind = editorOptions.kind;
  return (
    <form className="stack ann-form" noValidate onSubmit={(event) => void submit(event)}>
      <DraftIndicator state={draftState} />
      <Section id={`ann-${kind}-conditions`} title={t.sections.conditions}>
        <ConditionsFields kind={kind} />
      </Section>
      <Section id={`ann-${kind}-details`} title={t.sections.details}>
        {children}
      </Section>
      <Section id={`ann-${kind}-publication`} title={t.sections.publication}>
        <PublicationFields />
      </Section>
      <Section id={`ann-${kind}-presentation`} title={t.sections.presentation}>
        <PresentationFields automaticTitle={automaticTitle} />
      </Section>
      <div className="actions ann-form__footer">
        {canSaveDraft && (
          <Button variant="secondary" onClick={() => void saveDraftNow()} disabled={isSubmitting}>
            {t.saveDraft}
          </Button>
        )}
        <Button type="submit" loading={isSubmitting}>
          {t.saveAndReview}
        </Button>
      </div>
    </form>
  );
}
