import { arrasOf } from '@casaoferta/domain/rules/arras';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { placeName } from '@casaoferta/domain/catalogue';
import { isRental, OfferStatus } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import type { PropertyPage, ViewerOffer } from '@casaoferta/domain/schemas/listings';
import { ApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast-store';
import { withdrawOffer } from '../api/offers';
import { makeOfferAction } from '../draft';
import { takesVisitRequests } from '@casaoferta/domain/rules/offer-type';
import type { OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';
import '../own-offer.css';

// The dialogs, their rules and forms load on the first press: the property page stays light.
const OfferFlow = lazy(() => import('./offer-flow'));
// The withdrawal's confirmation too, on the first 'Retirar'.
const ConfirmDialog = lazy(() =>
  import('../../../shared/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

const t = makeOfferTexts.action;
const own = makeOfferTexts.own;
const tw = makeOfferTexts.withdraw;

export interface OfferActionProps {
  property: PropertyPage;
  /** The note under the button. */
  describedBy?: string;
  /** An offer was sent, changed or withdrawn: the page refreshes its highest offer, count and `yourOffer`. */
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
    arras: arrasOf(announcement.details),
  };
}

/**
 * "Tu oferta: 840 €/mes · la más alta" (or "· hay una más alta"), or "Has pedido visita": the
 * candidate's own current offer, as the API tells it to them alone (`yourOffer`, issue 23 point 4).
 */
function OwnOfferStatus({ id, offer, subject }: { id: string; offer: ViewerOffer; subject: OfferSubject }) {
  const selected = offer.statusCode === OfferStatus.Selected;
  const rank = selected ? own.selected : offer.isHighest ? own.highest : own.outbid;
  return (
    // A status: a new highest offer elsewhere changes it while the page is open, and that is said.
    <p id={id} className="own-offer__status" role="status">
      {offer.isVisitRequest ? (
        <span className="own-offer__line own-offer__amount">{own.visit}</span>
      ) : (
        <span className="own-offer__line">
          {own.offerLabel}{' '}
          <strong className="own-offer__amount">
            {formatEuros(offer.amount, isRental(subject.typeCode))}
          </strong>
        </span>
      )}{' '}
      {(selected || !offer.isVisitRequest) && <span className="own-offer__line">· {rank}</span>}
    </p>
  );
}

/**
 * 'Hacer oferta' / 'Solicitar visita' on the property page and the flow it opens (SPEC 2.5, 4.2). A
 * visitor may type an amount; sending it takes them to the login, which brings them back here with
 * the afterAction, and the dialog opens again with what they typed. A candidate who holds a current
 * offer sees it instead, with Modificar (the same dialog, as 'Modificar oferta') and Retirar (after a
 * confirmation); a visit request shows 'Has pedido visita' with Retirar.
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
  const statusId = useId();
  const [opened, setOpened] = useState<{ restoreDraft: boolean } | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** The confirmation was opened once: it stays mounted (closed), as a dialog that gives the focus back. */
  const [confirmShown, setConfirmShown] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  /** Withdrawn here: shown as gone before the page's refresh tells it. */
  const [withdrawnId, setWithdrawnId] = useState<string | null>(null);
  /** A dialog closed whose opener may be gone (the buttons change with the offer): focus the main one. */
  const refocus = useRef(false);
  const main = useRef<HTMLButtonElement>(null);
  const subject = useMemo(() => subjectOf(property), [property]);
  const mine = property.yourOffer && property.yourOffer.id !== withdrawnId ? property.yourOffer : null;
  // Back from the login (or sent here by a 'Modificar oferta' link): open with the draft, once the
  // session is known.
  const shown = opened ?? (replay && session.checked ? { restoreDraft: true } : null);

  // After the render that closed a dialog, once the browser has closed it (its clean-up gives the focus
  // back to its opener when that is still on the page): a focus left nowhere goes to the main button.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) main.current?.focus();
    });
  });

  const close = useCallback(() => {
    setOpened(null);
    setLoaded(false);
    refocus.current = true;
    if (replay) onReplayHandled();
  }, [replay, onReplayHandled]);
  const ready = useCallback(() => setLoaded(true), []);
  const needLogin = useCallback(() => {
    if (!subject) return;
    navigate(
      paths.loginWith({
        redirectTo: location.pathname,
        afterAction: makeOfferAction(subject.announcementId, takesVisitRequests(subject.offerTypeCode)),
      }),
    );
  }, [navigate, location.pathname, subject]);

  if (!subject) return null;
  const visit = takesVisitRequests(subject.offerTypeCode);
  const open = () => setOpened({ restoreDraft: false });

  const withdraw = async () => {
    if (!mine || withdrawing) return;
    setWithdrawing(true);
    try {
      await withdrawOffer(subject.announcementId, mine.id);
      showToast(mine.isVisitRequest ? tw.visitDone : tw.offerDone, 'success');
      setWithdrawnId(mine.id);
    } catch (error) {
      const gone = error instanceof ApiError && error.code === 'OFFER_NOT_ACTIVE';
      const text = mine.isVisitRequest ? tw.visitGone : tw.offerGone;
      showToast(gone ? text : error instanceof Error ? error.message : text, 'error');
    } finally {
      setWithdrawing(false);
      setConfirming(false);
      refocus.current = true;
      onOfferSent();
    }
  };

  const flow = shown && (
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
  );

  if (!mine) {
    // The same element as the own offer's main button: a dialog's focus comes back to it either way.
    return (
      <>
        {null}
        <Button
          ref={main}
          size="lg"
          block
          loading={shown !== null && !loaded}
          aria-describedby={describedBy}
          aria-haspopup="dialog"
          onClick={open}
        >
          {visit ? t.requestVisit : t.makeOffer}
        </Button>
        {null}
        {flow}
      </>
    );
  }

  const described = describedBy ? `${statusId} ${describedBy}` : statusId;
  const selected = mine.statusCode === OfferStatus.Selected;
  const retire = (
    <Button
      variant="secondary"
      className="own-offer__button"
      aria-describedby={described}
      aria-haspopup="dialog"
      onClick={() => {
        setConfirming(true);
        setConfirmShown(true);
      }}
    >
      {own.withdraw}
    </Button>
  );
  return (
    <>
      <OwnOfferStatus id={statusId} offer={mine} subject={subject} />
      {selected ? (
        // Selected: no longer changed from here; its page has what comes next.
        <Link
          className={buttonClassName('primary', 'md', false, 'own-offer__button')}
          to={paths.offerDetail(subject.announcementId, mine.id)}
          aria-describedby={described}
        >
          {mine.isVisitRequest ? own.seeVisit : own.seeOffer}
        </Link>
      ) : mine.isVisitRequest ? (
        retire
      ) : (
        <Button
          ref={main}
          className="own-offer__button"
          loading={shown !== null && !loaded}
          aria-describedby={described}
          aria-haspopup="dialog"
          onClick={open}
        >
          {own.modify}
        </Button>
      )}
      {!selected && !mine.isVisitRequest ? retire : null}
      {flow}
      {confirmShown && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={mine.isVisitRequest ? tw.visitTitle : tw.offerTitle}
            body={mine.isVisitRequest ? tw.visitBody : tw.offerBody}
            confirmLabel={tw.confirm}
            cancelLabel={tw.cancel}
            busy={withdrawing}
            onConfirm={() => void withdraw()}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </>
  );
}
