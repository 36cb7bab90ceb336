import { useRef } from 'react';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { usePropertyImages } from '../api/get-property-images';
import type { DraftStatus } from '../../../shared/forms/use-draft-autosave';
import type { PhotoUploads } from '../hooks/use-photo-uploads';
import { propertyFormTexts } from '../texts';
import { PhotoDropZone } from './photo-drop-zone';
import { PhotoGrid } from './photo-grid';
import { UploadList } from './upload-list';

const t = propertyFormTexts.photos;
export const RECOMMENDED_PHOTOS = 3;

interface PhotosStepProps {
  /** The saved draft (or the property edited): photos belong to it. */
  propertyId: string | null;
  draftStatus: DraftStatus;
  onRetryDraft: () => void;
  uploads: PhotoUploads;
}

/** Step 3: add photos (drop or pick), watch each upload, put them in order and pick the cover. */
export function PhotosStep({ propertyId, draftStatus, onRetryDraft, uploads }: PhotosStepProps) {
  const images = usePropertyImages(propertyId);
  const inputRef = useRef<HTMLInputElement>(null);

  if (!propertyId) {
    return draftStatus === 'error' ? (
      <ErrorState title={t.prepareFailed} description={null} onRetry={onRetryDraft} headingLevel={3} />
    ) : (
      <Spinner label={t.preparing} showLabel block />
    );
  }
  const count = images.data?.length ?? 0;
  return (
    <div className="stack">
      <p className="muted">{t.coverHint}</p>
      {images.isSuccess && count < RECOMMENDED_PHOTOS && (
        <p className="alert">
          {t.recommend} ({t.count(count)})
        </p>
      )}
      <PhotoDropZone inputRef={inputRef} onFiles={(files) => uploads.queue.add(propertyId, files)} />
      <UploadList uploads={uploads.uploads} queue={uploads.queue} />
      {images.isPending && <Spinner block />}
      {images.isError && (
        <ErrorState
          title={t.loadFailed}
          description={null}
          onRetry={() => void images.refetch()}
          headingLevel={3}
        />
      )}
      {images.data && (
        <PhotoGrid propertyId={propertyId} images={images.data} onDeleted={() => inputRef.current?.focus()} />
      )}
      <p className="visually-hidden" role="status">
        {uploads.announcement}
      </p>
    </div>
  );
}
