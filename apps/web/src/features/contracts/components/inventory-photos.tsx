import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { authTokens } from '../../../shared/api/auth-tokens';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { UploadProgress } from '../../../shared/ui/upload-progress';
import { contractsApi } from '../api/keys';
import { useDeleteImage, useUploadImage } from '../api/mutations';
import { useContractImages } from '../api/queries';
import { contractsTexts } from '../texts';

const t = contractsTexts.photos;

const accepted = 'image/jpeg,image/png,image/webp';

/**
 * The photo's bytes behind the bearer token (private, GET /api/contract/{id}/images/{imageId}) as a blob
 * URL, revoked when the thumbnail goes.
 */
function useImageUrl(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    const token = authTokens.current();
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [path]);
  return url;
}

function Thumbnail({ path, alt }: { path: string; alt: string }) {
  const url = useImageUrl(path);
  return url ? (
    <img className="ctr-photos__img" src={url} alt={alt} />
  ) : (
    <span className="ctr-photos__img ctr-photos__img--loading" role="img" aria-label={alt} />
  );
}

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? errorText(error.code, cachedExceptionAttributes())
    : errorText('INTERNAL_ERROR');

/** Inventory photos while the contract is editable: upload (120 s each), thumbnails and delete. */
export function InventoryPhotos({ contractId, editable }: { contractId: string; editable: boolean }) {
  const images = useContractImages(contractId);
  const upload = useUploadImage(contractId);
  const remove = useDeleteImage(contractId);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const inputId = useId();

  const uploadAll = async (files: readonly File[]) => {
    for (const file of files) {
      setProgress({ name: file.name, percent: 0 });
      try {
        await upload.mutateAsync({
          file,
          onProgress: (percent) => setProgress({ name: file.name, percent }),
        });
        showToast(t.uploaded, 'success');
      } catch (error) {
        showToast(messageOf(error), 'error');
        break;
      }
    }
    setProgress(null);
  };

  return (
    <section className="ctr-section stack" aria-labelledby="ctr-photos">
      <h2 id="ctr-photos">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {images.isPending ? (
        <Spinner />
      ) : images.isError ? (
        <p className="alert">{t.loadError}</p>
      ) : images.data.items.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="plain-list ctr-photos" aria-label={t.listLabel}>
          {images.data.items.map((image, index) => (
            <li key={image.id} className="ctr-photos__item">
              <Thumbnail path={contractsApi.image(contractId, image.id)} alt={t.alt(index + 1)} />
              {editable && (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={remove.isPending && remove.variables === image.id}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(image.id, { onSuccess: () => showToast(t.removed, 'success') })
                  }
                >
                  {t.remove(index + 1)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <div className="ctr-photos__progress">
          <UploadProgress progress={progress.percent} label={t.uploading(progress.name)} />
        </div>
      )}
      {editable && (
        <div>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={accepted}
            multiple
            disabled={progress !== null}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) void uploadAll(files);
            }}
          />
          <label htmlFor={inputId} className="btn btn--secondary ctr-photos__add">
            {t.add}
          </label>
        </div>
      )}
    </section>
  );
}
