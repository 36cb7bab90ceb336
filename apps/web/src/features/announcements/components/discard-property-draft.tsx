import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../shared/ui/button';
import { useDiscardPropertyDraft } from '../api/discard-property-draft';
import { announcementTexts } from '../texts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

const t = announcementTexts.propertyDraft;

export interface DiscardPropertyDraftProps {
  propertyId: string;
  /** The property as the owner knows it, named in the question. */
  title: string;
  /**
   * Runs once the property is gone and the dialog has closed: refresh the list (and move focus), or
   * leave the page of the property.
   */
  onDiscarded: (propertyId: string) => void | Promise<void>;
}

/**
 * 'Descartar borrador' for a property never sent to validation: asks first (focus on 'Cancelar', back to
 * this button on close), then DELETE /api/property/{id} and a toast.
 */
export function DiscardPropertyDraft({ propertyId, title, onDiscarded }: DiscardPropertyDraftProps) {
  const [asking, setAsking] = useState(false);
  const { mutate, isPending } = useDiscardPropertyDraft();
  const confirm = () =>
    mutate(propertyId, {
      onSuccess: () => {
        // The dialog closes first (its focus goes back to this button), so `onDiscarded` can move it on.
        flushSync(() => setAsking(false));
        void onDiscarded(propertyId);
      },
      onError: () => setAsking(false),
    });
  return (
    <>
      <Button size="sm" variant="danger" disabled={isPending} onClick={() => setAsking(true)}>
        {t.discard}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t.confirm.title}
        body={t.confirm.body(title)}
        confirmLabel={t.confirm.button}
        busy={isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
