import { matchClientRoute } from '@casaoferta/domain/client-routes';
import { Link } from 'react-router';
import { formatEuros } from '@casaoferta/domain/format';
import { isRental } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { isSaleOffer, isVisitRequest, type OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';

const t = makeOfferTexts.confirmation;

export interface ConfirmationDialogProps {
  subject: OfferSubject;
  offer: MyOffer;
  edited: boolean;
  profileIncomplete: boolean;
  onClose: () => void;
}

/** What the confirmation says: a visit request, an edit, a sale or a rental offer (SPEC 2.3). */
function wording(subject: OfferSubject, edited: boolean) {
  if (isVisitRequest(subject)) return { title: t.visitTitle, body: t.visitBody };
  if (edited) return { title: t.editedTitle, body: t.editedBody };
  if (isSaleOffer(subject)) return { title: t.saleTitle, body: t.saleBody };
  return { title: t.rentalTitle, body: t.rentalBody };
}

/**
 * The tenant profile's pages come with their own issue: until the router has /profile, no link leads to
 * its not-found page.
 */
export const profileBuilt = matchClientRoute(paths.profile) !== null;

/**
 * The confirmation after a send, with the next steps (SPEC 2.3): more properties, my offers and,
 * while the profile is incomplete, completing it.
 */
export function ConfirmationDialog({
  subject,
  offer,
  edited,
  profileIncomplete,
  onClose,
}: ConfirmationDialogProps) {
  const { title, body } = wording(subject, edited);
  const offerProfile = profileIncomplete && profileBuilt;
  return (
    <BottomSheet open onClose={onClose} title={title} className="offer-dialog offer-confirmation">
      <p>{body}</p>
      {!offer.isVisitRequest && (
        <p className="offer-confirmation__amount">
          {t.amount(formatEuros(offer.amount, isRental(subject.typeCode)))}
        </p>
      )}
      <h3 className="offer-confirmation__heading">{t.nextSteps}</h3>
      {offerProfile && <p className="muted">{t.profileHint}</p>}
      <div className="offer-confirmation__steps">
        <Link className={buttonClassName('primary', 'lg', true)} to={paths.myOffers} data-autofocus>
          {t.myOffers}
        </Link>
        {offerProfile && (
          <Link
            className={buttonClassName('secondary', 'lg', true)}
            to={paths.profile}
            // /profile opens its wizard on this state (features/profile/profile-paths.ts OPEN_WIZARD_STATE).
            state={{ openProfileWizard: true }}
          >
            {t.completeProfile}
          </Link>
        )}
        <Link className={buttonClassName('ghost', 'lg', true)} to={paths.properties}>
          {t.seeMore}
        </Link>
      </div>
    </BottomSheet>
  );
}
