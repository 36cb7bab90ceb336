import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { PropertyPage as Property } from '@casaoferta/domain/schemas/listings';
import PropertyPage from '../features/catalogue/pages/property-page';
import type { RenderOfferAction } from '../features/catalogue/components/price-box';
import { useAfterAction } from '../features/auth/use-after-action';
import type { AfterAction } from '../features/auth/redirect';
import { OfferAction } from '../features/make-offer/components/offer-action';
import { offerActionNames } from '../features/make-offer/draft';

// The solvency box, its texts and master list load after the page has rendered: no first-load cost.
const SolvencyBox = lazy(() => import('../features/solvency/components/solvency-box'));

interface SolvencySubject {
  announcementId: string;
  typeCode: string;
}

/**
 * Tells the route which announcement the page shows. Rendered in the offer button's slot, which the
 * catalogue fills only for someone who does not own the property: the owner gets no solvency box.
 */
function SolvencySubjectProbe({
  property,
  onSubject,
}: {
  property: Property;
  onSubject: (subject: SolvencySubject | null) => void;
}) {
  const announcementId = property.announcement?.id ?? null;
  const typeCode = property.announcement?.typeCode ?? null;
  useEffect(() => {
    onSubject(announcementId && typeCode ? { announcementId, typeCode } : null);
    return () => onSubject(null);
  }, [announcementId, typeCode, onSubject]);
  return null;
}

/**
 * /property/:id as the app composes it (features do not import each other): the catalogue's page with
 * the offer flow's button in its price box, and the login's afterAction (make-offer:<announcementId>
 * or request-visit:<announcementId>) that reopens the dialog once the visitor is back; under the page,
 * the visitor's solvency for it.
 */
export default function PropertyRoute() {
  const [replay, setReplay] = useState<string | null>(null);
  const [subject, setSubject] = useState<SolvencySubject | null>(null);
  // Each offer sent or changed asks the solvency box again: it judges the current offer's amount, the
  // figure the owner reads on it (issue 23, point 8).
  const [offersSent, setOffersSent] = useState(0);
  useAfterAction(
    useCallback((action: AfterAction) => {
      if (offerActionNames.includes(action.name) && action.argument) setReplay(action.argument);
    }, []),
  );
  const handled = useCallback(() => setReplay(null), []);
  const renderOfferAction = useCallback<RenderOfferAction>(
    (slot) => (
      <>
        <OfferAction
          {...slot}
          onOfferSent={() => {
            slot.onOfferSent();
            setOffersSent((count) => count + 1);
          }}
          replay={replay !== null && replay === slot.property.announcement?.id}
          onReplayHandled={handled}
        />
        <SolvencySubjectProbe property={slot.property} onSubject={setSubject} />
      </>
    ),
    [replay, handled],
  );
  return (
    <>
      <PropertyPage renderOfferAction={renderOfferAction} />
      {subject && (
        <Suspense fallback={null}>
          <SolvencyBox key={`${subject.announcementId}#${offersSent}`} {...subject} />
        </Suspense>
      )}
    </>
  );
}
