import { useQuery } from '@tanstack/react-query';
import { formatEuros } from '@casaoferta/domain/format';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { fetchOwnerOffers } from '../agent-options-api';
import { agentOptionsTexts } from '../texts';
import { agentOptionsKeys } from '../use-options-state';

const t = agentOptionsTexts.picker;

/**
 * PropertyDetail's solvency report is a candidate's: the agent (acting as the owner) picks one of the
 * announcement's offers, newest first as the owner's list shows them.
 */
export function CandidatePicker({
  announcementId,
  onClose,
  onPick,
}: {
  announcementId: string;
  onClose: () => void;
  onPick: (offerId: string, candidateName: string) => void;
}) {
  const offers = useQuery({
    queryKey: agentOptionsKeys.ownerOffers(announcementId),
    queryFn: ({ signal }) => fetchOwnerOffers(announcementId, signal),
  });
  const list = offers.data?.offers ?? [];
  return (
    <Dialog open onClose={onClose} title={t.title}>
      <p className="muted">{t.intro}</p>
      {offers.isLoading && <p role="status">{t.loading}</p>}
      {offers.isError && <p role="alert">{t.error}</p>}
      {offers.isSuccess && list.length === 0 && <p>{t.empty}</p>}
      {list.length > 0 && (
        <ul className="agent-options__offers" aria-label={t.listLabel}>
          {list.map((offer) => (
            <li key={offer.id} className="agent-options__offer">
              <span>
                <span className="agent-options__offer-name">{offer.candidate.displayName}</span>
                {offer.amount !== null && <span className="muted"> · {formatEuros(offer.amount)}</span>}
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t.download(offer.candidate.displayName)}
                onClick={() => onPick(offer.id, offer.candidate.displayName)}
              >
                {t.downloadShort}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
