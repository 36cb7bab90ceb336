import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { placeName } from '@casaoferta/domain/catalogue';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { makeOfferAction } from '../draft';
import { isVisitRequest, type OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';

// The dialogs, their rules and forms load on the first press: the property page stays light.
const OfferFlow = lazy(() => import('./offer-flow'));

const t = makeOfferTexts.action;

export interface OfferActionProps {
  property: PropertyPage;
  /** The note under the button. */
  describedBy?: string;
  /** An offer was sent or changed: the page refreshes its highest offer and count. */
  onOfferSent: () => void;
  /** The URL asked to open this dialog (?afterAction=make-offer:<announcementId>, after a login). */
  replay: boolean;
  onReplayHandled: () => void;
}

/** What the dialog needs of the page's announcement. */
function subjectOf(property: PropertyPage): OfferSubject | null {
  const { announcement } = property;
  if (!announcement) return null;
  return {
    announcementId: announcement.id,
    title: announcement.title,
    place: placeName(property.municipalityName, property.provinceName) || property.street,
    typeCode: announcement.typeCode,
    offerTypeCode: announcement.offerTypeCode,
    statusCode: announcement.statusCode,
    price: announcement.price,
    highestOffer: announcement.highestOffer,
  };
}

/**
 * 'Hacer oferta' / 'Solicitar visita' on the property page and the flow it opens (SPEC 2.5, 4.2). A
 * visitor may type an amount; sending it takes them to the login, which brings them back here with
 * the afterAction, and the dialog opens again with what they typed.
 */
export function OfferAction({
  property,
  describedBy,
  onOfferSent,
  replay,
  onReplayHandled,
}: OfferActionProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState<{ restoreDraft: boolean } | null>(null);
  const [loaded, setLoaded] = useState(false);
  const subject = useMemo(() => subjectOf(property), [property]);
  // Back from the login (or sent here by a 'Modificar oferta' link): open with the draft, once the
  // session is known.
  const shown = opened ?? (replay && session.checked ? { restoreDraft: true } : null);

  const close = useCallback(() => {
    setOpened(null);
    setLoaded(false);
    if (replay) onReplayHandled();
  }, [replay, onReplayHandled]);
  const ready = useCallback(() => setLoaded(true), []);
  const needLogin = useCallback(() => {
    if (!subject) return;
    navigate(
      paths.loginWith({
        redirectTo: location.pathname,
        afterAction: makeOfferAction(subject.announcementId),
      }),
    );
  }, [navigate, location.pathname, subject]);

  if (!subject) return null;
  return (
    <>
      <Button
        size="lg"
        block
        loading={shown !== null && !loaded}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setOpened({ restoreDraft: false })}
      >
        {isVisitRequest(subject) ? t.requestVisit : t.makeOffer}
      </Button>
      {shown && (
        <Suspense fallback={null}>
          <OfferFlow
            subject={subject}
            logged={session.logged}
            profileCompleted={session.user?.hasProfileCompleted ?? false}
            restoreDraft={shown.restoreDraft}
            onReady={ready}
            onClose={close}
            onNeedLogin={needLogin}
            onSent={onOfferSent}
          />
        </Suspense>
      )}
    </>
  );
}
