import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { uploadImage } from '../api/upload-image';

/** One photo on its way up; it leaves the list once the server has it. */
export interface PhotoUpload {
  key: string;
  name: string;
  progress: number;
  status: 'queued' | 'uploading' | 'failed';
  error?: string;
  /** A network failure or time-out may work a second time; a refused file will not. */
  canRetry?: boolean;
}

export const MAX_PARALLEL_UPLOADS = 3;
/** The API's limit (IMAGE_TOO_LARGE); checked before sending to spare a useless upload. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

interface QueueEvents {
  onChange: (uploads: PhotoUpload[]) => void;
  onUploaded: (propertyId: string, image: ImageDto, name: string) => void;
  upload?: typeof uploadImage;
}

const textOf = (code: string) => errorText(code, cachedExceptionAttributes());

/** What is wrong with a file before sending it, as an error code, or null. */
function precheck(file: File): string | null {
  if (file.size === 0) return 'IMAGE_EMPTY';
  // Some systems give HEIC files no type: the server decides on the content.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'IMAGE_INVALID';
  if (file.size > MAX_IMAGE_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/**
 * Uploads photos three at a time. Framework-free: the hook owns one queue and mirrors its list in
 * React state through `onChange`.
 */
export function createUploadQueue({ onChange, onUploaded, upload = uploadImage }: QueueEvents) {
  let uploads: PhotoUpload[] = [];
  let waiting: string[] = [];
  let counter = 0;
  const files = new Map<string, { file: File; propertyId: string }>();
  const running = new Map<string, AbortController>();

  const set = (next: PhotoUpload[]) => {
    uploads = next;
    onChange(uploads);
  };
  const patch = (key: string, change: Partial<PhotoUpload>) =>
    set(uploads.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const remove = (key: string) => {
    files.delete(key);
    set(uploads.filter((item) => item.key !== key));
  };

  function start(key: string) {
    const entry = files.get(key);
    if (!entry) return;
    const controller = new AbortController();
    running.set(key, controller);
    patch(key, { status: 'uploading', progress: 0 });
    upload(entry.propertyId, entry.file, {
      signal: controller.signal,
      onProgress: (progress) => patch(key, { progress }),
    })
      .then((image) => {
        remove(key);
        onUploaded(entry.propertyId, image, entry.file.name);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : null;
        const canRetry = !apiError || apiError.status === 0 || apiError.status >= 500;
        patch(key, { status: 'failed', error: textOf(apiError?.code ?? 'NETWORK_ERROR'), canRetry });
      })
      .finally(() => {
        running.delete(key);
        pump();
      });
  }

  function pump() {
    while (running.size < MAX_PARALLEL_UPLOADS && waiting.length > 0) {
      const [key, ...rest] = waiting;
      waiting = rest;
      if (key) start(key);
    }
  }

  return {
    add(propertyId: string, list: readonly File[]) {
      const added: PhotoUpload[] = [];
      for (const file of list) {
        const key = `upload-${++counter}`;
        const problem = precheck(file);
        // The same refused file chosen again: its row is already there, with the same reason.
        const error = problem ? textOf(problem) : undefined;
        if (error && uploads.some((item) => item.name === file.name && item.error === error)) continue;
        added.push(
          error
            ? { key, name: file.name, progress: 0, status: 'failed', error }
            : { key, name: file.name, progress: 0, status: 'queued' },
        );
        if (!problem) {
          files.set(key, { file, propertyId });
          waiting = [...waiting, key];
        }
      }
      set([...uploads, ...added]);
      pump();
    },
    retry(key: string) {
      if (!files.has(key)) return;
      patch(key, { status: 'queued', progress: 0, error: undefined, canRetry: undefined });
      waiting = [...waiting, key];
      pump();
    },
    dismiss(key: string) {
      running.get(key)?.abort();
      waiting = waiting.filter((item) => item !== key);
      remove(key);
    },
    /** Cancels everything (the form is left). */
    cancelAll() {
      for (const controller of running.values()) controller.abort();
      running.clear();
      waiting = [];
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
