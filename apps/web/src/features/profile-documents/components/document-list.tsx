import { useEffect, useRef, useState } from 'react';
import type { TenantDocument } from '@casaoferta/domain/schemas/tenant';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { formatFileSize } from '../../../shared/file-size';
import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast-store';
import type { DocumentOwner } from '../api/keys';
import { downloadDocument, useRefreshDocuments } from '../api/mutations';
import { kindLabel } from '../documents';
import { formatDay } from '../format';
import { profileDocumentsTexts } from '../texts';
import { DeleteDocumentDialog } from './delete-document-dialog';

const t = profileDocumentsTexts.document;

function DocumentItem({
  owner,
  document,
  onRemove,
}: {
  owner: DocumentOwner;
  document: TenantDocument;
  onRemove: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const refresh = useRefreshDocuments();
  const download = () => {
    setDownloading(true);
    downloadDocument(owner, document)
      .then(
        () => void refresh(),
        (error: unknown) =>
          showToast(
            error instanceof ApiError ? errorText(error.code, cachedExceptionAttributes()) : t.downloadError,
            'error',
          ),
      )
      .finally(() => setDownloading(false));
  };
  return (
    <li className="pd-doc">
      <div className="pd-doc__text">
        <p className="pd-doc__kind">{kindLabel(document.kindCode)}</p>
        <p className="pd-doc__name">{document.fileName}</p>
        <p className="muted text-sm">
          {formatFileSize(document.size)} ·{' '}
          <time dateTime={document.createdAt}>{formatDay(document.createdAt)}</time>
        </p>
      </div>
      <div className="cluster pd-doc__actions">
        <Button
          size="sm"
          variant="secondary"
          loading={downloading}
          aria-label={t.downloadLabel(document.fileName)}
          onClick={download}
        >
          {t.download}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t.removeLabel(document.fileName)}
          aria-haspopup="dialog"
          onClick={onRemove}
        >
          {t.remove}
        </Button>
      </div>
    </li>
  );
}

/** The documents of one person: kind, name, size, date, and 'Descargar' / 'Eliminar'. */
export function DocumentList({
  owner,
  documents,
  labelledBy,
  onDeleted,
}: {
  owner: DocumentOwner;
  documents: readonly TenantDocument[];
  /** The id of the section's heading, which names the list. */
  labelledBy: string;
  onDeleted: () => void;
}) {
  const [removing, setRemoving] = useState<TenantDocument | null>(null);
  const deleted = useRef(false);
  // Once the dialog has closed (its opener went with the document), the section takes the focus.
  useEffect(() => {
    if (removing || !deleted.current) return;
    deleted.current = false;
    onDeleted();
  }, [removing, onDeleted]);
  return (
    <>
      {documents.length === 0 ? (
        <p className="muted">{profileDocumentsTexts.sections.empty}</p>
      ) : (
        <ul className="plain-list pd-docs" aria-labelledby={labelledBy}>
          {documents.map((document) => (
            <DocumentItem
              key={document.id}
              owner={owner}
              document={document}
              onRemove={() => setRemoving(document)}
            />
          ))}
        </ul>
      )}
      {removing && (
        <DeleteDocumentDialog
          open
          owner={owner}
          document={removing}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            deleted.current = true;
            setRemoving(null);
          }}
        />
      )}
    </>
  );
}
