import { Link, useNavigate } from 'react-router';
import { contractAllowed } from '@casaoferta/domain/rules/paid-unlock';
import { paths } from '../../../shared/paths';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { usePrepareContract } from '../api/mutations';
import { receivedOffersTexts } from '../texts';

const t = receivedOffersTexts.detail;

/**
 * Once a candidate is chosen: drafts the contract (or finds the one already drafted: the API answers
 * it) and opens it, with a line that says what comes next. The contract names the candidate and the
 * amount, so it needs the announcement paid (decision 026): until then the way leads to the payment
 * summary, and the API refuses the draft anyway (402 `ANNOUNCEMENT_NOT_PAID`).
 */
export function PrepareContractButton({
  announcementId,
  propertyId,
  isPaid,
}: {
  announcementId: string;
  propertyId: string;
  isPaid: boolean;
}) {
  if (!contractAllowed({ isPaid })) {
    return (
      <div className="stack">
        <p className="text-sm">{t.payForContractHint}</p>
        <div className="actions">
          <Link className={buttonClassName('primary')} to={paths.paymentSummary(announcementId, propertyId)}>
            {t.payForContract}
          </Link>
        </div>
      </div>
    );
  }
  return <DraftContractButton announcementId={announcementId} />;
}

function DraftContractButton({ announcementId }: { announcementId: string }) {
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
