import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { cachedExceptionAttributes } from '../../../shared/api/masters-cache';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';
import { UploadProgress } from '../../../shared/ui/upload-progress';
import { uploadDocument } from '../api/mutations';
import type { DocumentOwner } from '../api/keys';
import { acceptAttribute, documentKinds, isDocumentKind, precheckDocument } from '../documents';
import { profileDocumentsTexts } from '../texts';

const t = profileDocumentsTexts.upload;

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; progress: number }
  | { status: 'failed'; error: string };

const textOf = (code: string) => errorText(code, cachedExceptionAttributes());

/** The Spanish reason of a failed upload: the server's refusal, the time-out, or the network. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return textOf('NETWORK_ERROR');
  if (error.code === 'REQUEST_TIMEOUT') return t.timeout;
  return textOf(error.code);
}

export interface UploadDocumentProps {
  owner: DocumentOwner;
  /** The section's title, to name the form for assistive technology. */
  sectionTitle: string;
  /** A document was stored: the page loads the list again and announces it. */
  onUploaded: (fileName: string) => void;
}

/**
 * Upload a document: the kind first (master list documentKinds), then the file, which is sent at once with
 * a progress bar. A file the API would refuse (type, size, empty) is refused here with the API's words.
 */
export function UploadDocument({ owner, sectionTitle, onUploaded }: UploadDocumentProps) {
  const [kind, setKind] = useState('');
  const [kindError, setKindError] = useState<string | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const kindRef = useRef<HTMLSelectElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Leaving the page cancels an upload on its way.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!isDocumentKind(kind)) {
      setKindError(t.kindRequired);
      kindRef.current?.focus();
      return;
    }
    const problem = precheckDocument(file);
    if (problem) {
      setState({ status: 'failed', error: textOf(problem) });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'uploading', name: file.name, progress: 0 });
    uploadDocument(owner, kind, file, {
      signal: abort.signal,
      onProgress: (progress) =>
        setState((current) => (current.status === 'uploading' ? { ...current, progress } : current)),
    }).then(
      (document) => {
        controller.current = null;
        setState({ status: 'idle' });
        onUploaded(document.fileName || file.name);
        fileRef.current?.focus();
      },
      (error: unknown) => {
        controller.current = null;
        if (abort.signal.aborted) {
          setState({ status: 'idle' });
          fileRef.current?.focus();
          return;
        }
        setState({ status: 'failed', error: failureText(error) });
      },
    );
  };

  const uploading = state.status === 'uploading';
  return (
    <fieldset className="pd-upload">
      <legend className="pd-upload__legend">{t.legend(sectionTitle)}</legend>
      <Select
        ref={kindRef}
        label={t.kind}
        placeholder={t.kindPlaceholder}
        options={documentKinds.map((item) => ({ value: item.code, label: item.label }))}
        value={kind}
        disabled={uploading}
        error={kindError ?? undefined}
        onChange={(event) => {
          setKind(event.target.value);
          setKindError(null);
        }}
      />
      <div className="pd-upload__file">
        <label className="btn btn--secondary pd-upload__choose" aria-disabled={uploading || undefined}>
          {t.file}
          <input
            ref={fileRef}
            className="visually-hidden"
            type="file"
            accept={acceptAttribute}
            disabled={uploading}
            aria-describedby={state.status === 'failed' ? errorId : undefined}
            onChange={choose}
          />
        </label>
        <p className="muted text-sm">{t.fileHint}</p>
      </div>
      {state.status === 'uploading' && (
        <div className="pd-upload__progress">
          <span className="pd-upload__name">{state.name}</span>
          <UploadProgress
            className="pd-upload__bar"
            progress={state.progress}
            label={t.uploading(state.name)}
          />
          <div>
            <Button size="sm" variant="ghost" onClick={() => controller.current?.abort()}>
              {t.cancel}
            </Button>
          </div>
        </div>
      )}
      {state.status === 'failed' && (
        <p id={errorId} className="field__error" role="alert">
          {state.error}
        </p>
      )}
    </fieldset>
  );
}
