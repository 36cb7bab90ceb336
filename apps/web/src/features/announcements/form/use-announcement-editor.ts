import { useCallback, useEffect, useRef, useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { paths } from '../../../shared/paths';
import { newId } from '../../../shared/new-id';
import { showToast } from '../../../shared/ui/toast-store';
import { useSaveAnnouncement } from '../api/save-announcement';
import { useSaveDraft } from '../api/save-draft';
import type { DraftBody } from '../api/save-draft';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { announcementTexts } from '../texts';
import { cleanValues, draftValues } from './payload';
import { serverFieldError } from './server-errors';
import { useDraftAutosave } from '../../../shared/forms/use-draft-autosave';

export interface EditorOptions {
  kind: AnnouncementKind;
  propertyId: string;
  /** The announcement being edited; undefined for a new one. */
  announcement: OwnerAnnouncement | undefined;
  draftSchema: ZodType;
  /** The first draft save of a new announcement got this id. */
  onDraftCreated: (id: string) => void;
}

/**
 * Behaviour of an announcement form (inside its FormProvider): save as you go while it is a draft,
 * 'Guardar borrador', and 'Guardar y revisar' (complete save, then the publication step). A field the
 * server rejects gets its error under the field. A new announcement has its id from the start (the
 * draft routes create under it and continue it when saved again), and its first save puts the id in
 * the URL, so the browser's Back comes back to this draft instead of starting another.
 */
export function useAnnouncementEditor({
  kind,
  propertyId,
  announcement,
  draftSchema,
  onDraftCreated,
}: EditorOptions) {
  const { watch, getValues, setError, handleSubmit } = useFormContext();
  const navigate = useNavigate();
  const idRef = useRef(announcement?.id);
  const [draftId] = useState(() => announcement?.id ?? newId());
  // The page's callback changes with the URL; the save keeps reading the latest one.
  const onCreatedRef = useRef(onDraftCreated);
  useEffect(() => {
    onCreatedRef.current = onDraftCreated;
  }, [onDraftCreated]);
  const { mutateAsync: postDraft } = useSaveDraft(kind);
  const { mutateAsync: saveComplete } = useSaveAnnouncement(kind);
  const isDraft = !announcement || announcement.statusCode === AnnouncementStatus.Draft;

  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = watch((_values, { name }) => {
        if (name) onChange();
      });
      return () => subscription.unsubscribe();
    },
    [watch],
  );

  const save = useCallback(
    async (silent: boolean) => {
      const body: DraftBody = {
        ...draftValues(getValues(), draftSchema),
        propertyId,
        id: idRef.current ?? draftId,
      };
      const saved = await postDraft({ body, silent });
      if (!idRef.current) {
        idRef.current = saved.id;
        onCreatedRef.current(saved.id);
      }
      return saved;
    },
    [getValues, draftSchema, propertyId, postDraft, draftId],
  );

  const autosave = useDraftAutosave({ enabled: isDraft, subscribe, save, saveOnLeave: true });

  const saveDraftNow = async () => {
    try {
      await autosave.saveNow(false);
      showToast(announcementTexts.form.draftSaved, 'success');
    } catch {
      // The API client has shown the error.
    }
  };

  const onValid = async (values: FieldValues) => {
    await autosave.settle();
    try {
      // A new announcement is saved as a draft first (its id goes into the URL), then the form is PUT.
      if (!idRef.current) await autosave.saveNow(false);
      const id = idRef.current ?? draftId;
      const saved = await saveComplete({ id, body: { ...cleanValues(values), propertyId } });
      await navigate(paths.publication(saved.id));
    } catch (error) {
      const field = serverFieldError(error, Object.keys(getValues()));
      if (field) setError(field.name, { type: 'server', message: field.message }, { shouldFocus: true });
    }
  };
  const submit = (event?: BaseSyntheticEvent) => handleSubmit(onValid)(event);

  return { draftState: autosave.status, canSaveDraft: isDraft, saveDraftNow, submit };
}
