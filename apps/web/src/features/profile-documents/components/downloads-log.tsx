import { formatDayTime } from '@casaoferta/domain/format';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentDownloads } from '../api/queries';
import { profileDocumentsTexts } from '../texts';

const t = profileDocumentsTexts.downloads;

/** 'Descargas de tus documentos': who downloaded which file, and when (GET /api/document/downloads). */
export function DownloadsLog() {
  const downloads = useDocumentDownloads();
  return (
    <section className="pd-section" aria-labelledby="pd-downloads">
      <h2 id="pd-downloads" className="pd-section__title">
        {t.title}
      </h2>
      <p className="muted text-sm">{t.intro}</p>
      {downloads.isPending ? (
        <Spinner size="sm" />
      ) : downloads.isError ? (
        <div className="cluster">
          <p role="alert">{t.loadError}</p>
          <Button size="sm" variant="secondary" onClick={() => void downloads.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : downloads.data.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="plain-list pd-log" aria-label={t.listLabel}>
          {downloads.data.map((entry) => (
            <li key={entry.id} className="pd-log__item">
              <span className="pd-doc__name">
                {entry.fileName}
                {entry.documentId === null && <span className="muted"> ({t.deleted})</span>}
              </span>
              <span className="muted text-sm">
                {entry.byLabel} · <time dateTime={entry.at}>{formatDayTime(entry.at, 'long')}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
