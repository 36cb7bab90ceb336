import { useCallback, useRef } from 'react';
import type { DocumentSectionData } from '../documents';
import { DocumentList } from './document-list';
import { UploadDocument } from './upload-document';

/** One person of the profile: their documents and the control to upload another. */
export function DocumentSection({
  section,
  onUploaded,
}: {
  section: DocumentSectionData;
  onUploaded: (fileName: string) => void;
}) {
  const headingId = `pd-${section.key}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  return (
    <section className="pd-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="pd-section__title">
        {section.title}
      </h2>
      <DocumentList
        owner={section.owner}
        documents={section.documents}
        labelledBy={headingId}
        onDeleted={focusHeading}
      />
      <UploadDocument owner={section.owner} sectionTitle={section.title} onUploaded={onUploaded} />
    </section>
  );
}
