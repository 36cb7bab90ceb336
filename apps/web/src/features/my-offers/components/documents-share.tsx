import { Link } from 'react-router';
import { tenantPaths } from '../../../shared/tenant-paths';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentsShare, useSetDocumentsShare } from '../api/documents-share';
import { formatDateTime } from '../offer-view';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.documentsShare;

/**
 * 'Compartir mi documentación con el propietario' on my offer: the consent the owner needs to see my
 * documents (issue 11), with when it was given; revocable at any time, granted only while the offer is on.
 */
export function DocumentsShare({
  announcementId,
  offerId,
  active,
}: {
  announcementId: string;
  offerId: string;
  /** The offer is still on (sent or selected): consent can be granted. */
  active: boolean;
}) {
  const query = useDocumentsShare(announcementId, offerId);
  const mutation = useSetDocumentsShare(announcementId, offerId);
  return (
    <section className="mo-detail__section" aria-labelledby="mo-documents">
      <h2 id="mo-documents">{t.title}</h2>
      {query.isPending ? (
        <Spinner size="sm" />
      ) : query.isError ? (
        <div className="cluster">
          <p>{t.loadError}</p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <>
          <Checkbox
            switch
            label={t.label}
            hint={t.hint}
            checked={mutation.isPending ? mutation.variables : query.data.shared}
            disabled={mutation.isPending || (!query.data.shared && !active)}
            aria-busy={mutation.isPending || undefined}
            onChange={(event) =>
              mutation.mutate(event.target.checked, {
                onSuccess: (answer) => showToast(answer.shared ? t.shared : t.revoked, 'success'),
              })
            }
          />
          <p className="muted text-sm" role="status">
            {query.data.shared && query.data.sharedAt
              ? t.sharedSince(formatDateTime(query.data.sharedAt))
              : query.data.shared
                ? ''
                : t.notShared}
          </p>
          <p className="text-sm">
            <Link to={tenantPaths.documentation}>{t.manage}</Link>
          </p>
        </>
      )}
    </section>
  );
}
