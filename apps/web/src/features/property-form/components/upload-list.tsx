import { Button } from '../../../shared/ui/button';
import { UploadProgress } from '../../../shared/ui/upload-progress';
import type { UploadQueue, PhotoUpload } from '../hooks/upload-queue';
import { propertyFormTexts } from '../texts';

const t = propertyFormTexts.photos;

/** The photos being uploaded: a progress bar each, or the reason the server refused it. */
export function UploadList({ uploads, queue }: { uploads: readonly PhotoUpload[]; queue: UploadQueue }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="plain-list upload-list" aria-label={t.uploadsLabel}>
      {uploads.map((upload) => {
        const errorId = `${upload.key}-error`;
        return (
          <li key={upload.key} className="upload-list__item">
            <span className="upload-list__name">{upload.name}</span>
            {upload.status === 'failed' ? (
              <>
                <p id={errorId} className="field__error" role="alert">
                  {upload.error}
                </p>
                <div className="cluster">
                  {upload.canRetry && (
                    <Button size="sm" variant="secondary" onClick={() => queue.retry(upload.key)}>
                      {t.retry}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-describedby={errorId}
                    onClick={() => queue.dismiss(upload.key)}
                  >
                    {t.dismiss}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <UploadProgress
                  className="upload-list__progress"
                  progress={upload.progress}
                  label={t.uploading(upload.name)}
                  status={upload.status === 'queued' ? t.queued : undefined}
                />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
