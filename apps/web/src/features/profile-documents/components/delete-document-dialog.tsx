import type { TenantDocument } from '@casaoferta/domain/schemas/tenant';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { showToast } from '../../../shared/ui/toast-store';
import type { DocumentOwner } from '../api/keys';
import { useDeleteDocument } from '../api/mutations';
import { profileDocumentsTexts } from '../texts';

const t = profileDocumentsTexts.remove;

/** 'Eliminar' asks first; the focus starts on 'Cancelar', the safe choice. */
export function DeleteDocumentDialog({
  open,
  owner,
  document,
  onClose,
  onDeleted,
}: {
  open: boolean;
  owner: DocumentOwner;
  document: TenantDocument;
  onClose: () => void;
  /** The document is gone (the list has been read again); closes the dialog. */
  onDeleted: () => void;
}) {
  const mutation = useDeleteDocument();
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const confirm = () =>
    mutation.mutate(
      { owner, documentId: document.id },
      {
        onSuccess: () => {
          showToast(t.done, 'success');
          onDeleted();
        },
        onError: () => onClose(),
      },
    );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t.title}
      footer={
        <div className="actions">
          <Button variant="secondary" onClick={close} data-autofocus disabled={mutation.isPending}>
            {t.cancel}
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={confirm}>
            {t.confirm}
          </Button>
        </div>
      }
    >
      <p>{t.body(document.fileName)}</p>
    </Dialog>
  );
}
