import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { usePrepareContract } from '../api/mutations';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts.detail;

/**
 * Once a candidate is chosen: drafts the contract (or finds the one already drafted: the API answers
 * it) and opens it, with a line that says what comes next.
 */
export function PrepareContractButton({ announcementId }: { announcementId: string }) {
  const prepare = usePrepareContract(announcementId);
  const navigate = useNavigate();
  return (
    <div className="stack">
      <p className="text-sm">{t.prepareContractHint}</p>
      <div className="actions">
        <Button
          loading={prepare.isPending}
          onClick={() =>
            prepare.mutate(undefined, {
              onSuccess: (contract) => void navigate(paths.contract(contract.id)),
            })
          }
        >
          {t.prepareContract}
        </Button>
      </div>
    </div>
  );
}
