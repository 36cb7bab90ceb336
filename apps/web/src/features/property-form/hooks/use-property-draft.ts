import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDraftAutosave, type Unchanged } from '../../../shared/forms/use-draft-autosave';
import { newId } from '../../../shared/new-id';
import { savePropertyDraft } from '../api/save-property-draft';
import { clearDraft, writeDraft } from '../draft-storage';
import {
  draftFields,
  hasDraftContent,
  type PropertyFormOutput,
  type PropertyFormValues,
} from '../form-values';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';

interface Options {
  form: UseFormReturn<PropertyFormValues, unknown, PropertyFormOutput>;
  /** The property being edited, or the draft restored from storage. */
  initialId: string | null;
  isNew: boolean;
  /** Save drafts on the server too (a new property or one still in draft); otherwise only locally. */
  serverDrafts: boolean;
  step: number;
  section: AnnouncementKind | undefined;
  /** The form came from local storage: keep it there even before the next change. */
  restored: boolean;
  /** Told the saved draft's id on start, after the first save and after `discard` (null). */
  onDraftId: (id: string | null) => void;
}

/**
 * Keeps the form in local storage on every change and, 1.5 s after the owner stops typing (or at once
 * on a step change, through `saveNow`), as a server draft (shared/forms useDraftAutosave). A new
 * property has its id from the start (the API creates the draft under it and continues it when the
 * same save comes again, a retry after a lost answer included), and saves run one after another: a
 * property is never created twice.
 */
export function usePropertyDraft({
  form,
  initialId,
  isNew,
  serverDrafts,
  step,
  section,
  restored,
  onDraftId,
}: Options) {
  const { watch, getValues } = form;
  const [draftId, setDraftId] = useState(initialId);
  // Called at once, in the save itself: a submission right after it must leave the id in the URL.
  const reportId = useRef(onDraftId);
  useEffect(() => {
    reportId.current = onDraftId;
  }, [onDraftId]);
  const idRef = useRef(initialId);
  // The id the first save of a new property creates it under (made once, kept for its retries).
  const newDraftId = useRef<string | null>(null);
  const lastSent = useRef('');
  const place = useRef({ step, section });
  // Nothing is stored until the owner changes something: an untouched edit form must not shadow the server.
  const touched = useRef(restored);

  const storeLocally = useCallback(() => {
    writeDraft({
      ...(idRef.current ? { id: idRef.current } : {}),
      isNew,
      step: place.current.step,
      ...(place.current.section ? { section: place.current.section } : {}),
      values: getValues(),
    });
  }, [getValues, isNew]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = watch(() => {
        touched.current = true;
        storeLocally();
        onChange();
      });
      return () => subscription.unsubscribe();
    },
    [watch, storeLocally],
  );

  const save = useCallback((): Promise<string> | Unchanged<string | null> => {
    const fields = draftFields(getValues());
    const body = JSON.stringify(fields);
    const nothingNew = body === lastSent.current || (!idRef.current && !hasDraftContent(fields));
    if (!serverDrafts || nothingNew) return { unchanged: idRef.current };
    return savePropertyDraft({ ...fields, id: idRef.current ?? (newDraftId.current ??= newId()) }).then(
      ({ id }) => {
        if (idRef.current !== id) reportId.current(id);
        idRef.current = id;
        lastSent.current = body;
        setDraftId(id);
        storeLocally();
        return id;
      },
    );
  }, [getValues, serverDrafts, storeLocally]);

  const autosave = useDraftAutosave<string | null>({ subscribe, save });
  const { cancel, forget, reset, saveNow: saveDraft } = autosave;

  /** Saves the draft now; gives its id (null: nothing saved yet), also when the save fails. */
  const saveNow = useCallback((): Promise<string | null> => {
    if (!serverDrafts) {
      cancel();
      return Promise.resolve(idRef.current);
    }
    return saveDraft().catch(() => idRef.current);
  }, [saveDraft, cancel, serverDrafts]);

  /**
   * Before the form is sent: saves the draft now and gives its id. A property not saved yet must be
   * created by this save (under the id the form made, so a repeated send continues it); when it fails,
   * its error is the send's. A saved draft keeps its id even when this save fails (the send carries
   * the whole form anyway).
   */
  const saveBeforeSend = useCallback(async (): Promise<string> => {
    if (serverDrafts) {
      try {
        await saveDraft();
      } catch (error) {
        if (!idRef.current) throw error;
      }
    } else {
      cancel();
    }
    if (!idRef.current) throw new Error('usePropertyDraft: a complete form without a property id');
    return idRef.current;
  }, [saveDraft, cancel, serverDrafts]);

  // A draft restored from storage has its id already.
  useEffect(() => reportId.current(idRef.current), []);

  useEffect(() => {
    place.current = { step, section };
    if (touched.current) storeLocally();
  }, [step, section, storeLocally]);

  /** Forgets the draft: local storage, and the id the next save would continue. */
  const discard = useCallback(() => {
    reset();
    clearDraft();
    touched.current = false;
    idRef.current = null;
    newDraftId.current = null;
    lastSent.current = '';
    setDraftId(null);
    reportId.current(null);
  }, [reset]);

  /** After sending to validation: nothing is left to restore. */
  const finish = useCallback(() => {
    forget();
    clearDraft();
  }, [forget]);

  return { draftId, status: autosave.status, saveNow, saveBeforeSend, discard, finish };
}
