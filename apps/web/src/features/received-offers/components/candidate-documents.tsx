import { useId, useState } from 'react';
import { formatDayTime } from '@casaoferta/domain/format';
import type { TenantDocument } from '@casaoferta/domain/schemas/tenant';
import { ApiError } from '../../../shared/api/api-error';
import { downloadFile } from '../../../shared/api/download-file';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { formatFileSize } from '../../../shared/file-size';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { receivedOffersApi } from '../api/keys';
import { useCandidateDocuments } from '../api/queries';
import type { SharedDocumentsPerson } from '@casaoferta/domain/schemas/tenant';
import { documentKindLabel } from '../candidate-documents';
import { formatDay } from '../offer-view';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts.documents;

function DocumentRow({
  announcementId,
  offerId,
  document,
}: {
  announcementId: string;
  offerId: string;
  document: TenantDocument;
}) {
  const [busy, setBusy] = useState(false);
  const name = document.fileName || documentKindLabel(document.kindCode);
  const download = () => {
    setBusy(true);
    downloadFile(receivedOffersApi.candidateDocument(announcementId, offerId, document.id), name)
      .catch((error: unknown) =>
        showToast(
          error instanceof ApiError ? errorText(error.code, cachedExceptionAttributes()) : t.downloadError,
          'error',
        ),
      )
      .finally(() => setBusy(false));
  };
  return (
    <li className="rof-doc">
      <div className="rof-doc__text">
        <p className="rof-doc__kind">{documentKindLabel(document.kindCode)}</p>
        <p className="rof-doc__name">{name}</p>
        <p className="muted text-sm">
          {[
            document.size > 0 ? formatFileSize(document.size) : null,
            document.createdAt ? formatDay(document.createdAt) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        aria-label={t.downloadLabel(name)}
        onClick={download}
      >
        {t.download}
      </Button>
    </li>
  );
}

function PersonDocuments({
  announcementId,
  offerId,
  person,
}: {
  announcementId: string;
  offerId: string;
  person: SharedDocumentsPerson;
}) {
  const titleId = useId();
  return (
    <div className="stack rof-docs__person">
      <h4 id={titleId} className="rof-docs__person-title">
        {t.person[person.role](person.name)}
      </h4>
      <ul className="plain-list rof-docs" aria-labelledby={titleId}>
        {person.documents.map((document) => (
          <DocumentRow
            key={document.id}
            announcementId={announcementId}
            offerId={offerId}
            document={document}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Documentación del candidato' in the offer's detail: the documents the candidate chose to share with
 * me for this offer, each with 'Descargar' (the API logs every download, and the candidate sees it), or
 * that they have not shared them.
 */
export function CandidateDocumentsSection({
  announcementId,
  offerId,
}: {
  announcementId: string;
  offerId: string;
}) {
  const documents = useCandidateDocuments(announcementId, offerId, true);
  const refusal = documents.isError && documents.error instanceof ApiError ? documents.error.code : null;
  const notShared = refusal === 'DOCUMENTS_NOT_SHARED';
  // Shared, but the announcement is not paid: the documents name the candidate (decision 026).
  const locked = refusal === 'ANNOUNCEMENT_NOT_PAID';
  const people = documents.data?.people.filter((person) => person.documents.length > 0) ?? [];
  return (
    <section className="stack rof-detail__section" aria-labelledby="rof-documents">
      <h3 id="rof-documents" className="rof-detail__heading">
        {t.title}
      </h3>
      {documents.isPending ? (
        <Spinner size="sm" />
      ) : notShared ? (
        <>
          <p>{t.notShared}</p>
          <p className="muted text-sm">{t.notSharedHint}</p>
        </>
      ) : locked ? (
        <p className="alert">{t.locked}</p>
      ) : documents.isError ? (
        <div className="cluster">
          <p>{t.loadError}</p>
          <Button size="sm" variant="secondary" onClick={() => void documents.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <>
          {documents.data.sharedAt && (
            <p className="muted text-sm">{t.sharedSince(formatDayTime(documents.data.sharedAt))}</p>
          )}
          {people.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            people.map((person) => (
              <PersonDocuments
                key={person.personId ?? person.role}
                announcementId={announcementId}
                offerId={offerId}
                person={person}
              />
            ))
          )}
        </>
      )}
    </section>
  );
}
