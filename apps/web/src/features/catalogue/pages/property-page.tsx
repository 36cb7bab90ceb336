import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { PropertyPage as Property } from '@casaoferta/domain/schemas/listings';
import type { LiveEvent } from '@casaoferta/domain/schemas/live-event';
import { paths } from '../../../shared/paths';
import { useChatSubject } from '../../../shared/chat-subject';
import { ApiError } from '../../../shared/api/api-error';
import { authTokens } from '../../../shared/api/auth-tokens';
import { getProperty } from '../../../shared/api/get-property';
import { useAnnouncementEvents } from '../../../shared/api/use-announcement-events';
import { ErrorState } from '../../../shared/ui/error-state';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { consumeInitialProperty, peekInitialProperty } from '../initial-property';
import { PropertyView, propertyTitle } from '../components/property-view';
import type { RenderOfferAction } from '../components/price-box';
import { propertyTexts as t } from '../property-texts';
import '../catalogue.css';
import '../property.css';

type Result = { key: string } & (
  { status: 'ready'; property: Property } | { status: 'not-found' } | { status: 'error' }
);

/** Loads the page; a 404 (or an id that is not a uuid: 400) means the announcement is not available. */
function useProperty(id: string) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(() => {
    const property = peekInitialProperty(id);
    return property ? { key: `${id}#0`, status: 'ready', property } : null;
  });
  const key = `${id}#${attempt}`;
  useEffect(() => {
    // Rendered by the server for an anonymous visitor: with a session the API may say more (owner).
    if (consumeInitialProperty(id) && !authTokens.current()) return;
    const controller = new AbortController();
    getProperty(id, controller.signal).then(
      (property) => setResult({ key, status: 'ready', property }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setResult({ key, status: missing ? 'not-found' : 'error' });
      },
    );
    return () => controller.abort();
  }, [id, key]);
  /**
   * Reads the page again in place (after an offer): the page stays on screen meanwhile. Only the latest
   * read is kept (an offer and its live events may ask twice).
   */
  const reads = useRef(0);
  const refresh = useCallback(() => {
    const read = ++reads.current;
    getProperty(id).then(
      (property) => {
        if (read !== reads.current) return;
        setResult((current) => (current?.key === key ? { key, status: 'ready', property } : current));
      },
      () => undefined,
    );
  }, [id, key]);
  /** A live summary of the announcement: highest offer, count and status, without a reload. */
  const applySummary = useCallback((event: LiveEvent) => {
    if (event.type !== 'summary') return;
    setResult((current) => {
      const announcement = current?.status === 'ready' ? current.property.announcement : null;
      if (current?.status !== 'ready' || announcement?.id !== event.announcementId) return current;
      const { highestOffer, offersCount, statusCode } = event;
      return {
        ...current,
        property: {
          ...current.property,
          announcement: { ...announcement, highestOffer, offersCount, statusCode },
        },
      };
    });
  }, []);
  return {
    result: result?.key === key ? result : null,
    retry: () => setAttempt((n) => n + 1),
    refresh,
    applySummary,
  };
}

function PropertySkeleton() {
  return (
    <div className="property property--skeleton" aria-hidden="true">
      <div className="property__gallery">
        <div className="gallery__stage" />
      </div>
      <div className="property__header">
        <span className="skeleton-line skeleton-line--title" />
        <span className="skeleton-line skeleton-line--wide" />
        <span className="skeleton-line" />
      </div>
    </div>
  );
}

/** The catalogue search the visitor came from (kept by the cards' links), else the plain catalogue. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  const backTo = (state as { backTo?: unknown } | null)?.backTo;
  return typeof backTo === 'string' && backTo.startsWith(paths.properties) ? backTo : paths.properties;
}

/**
 * /property/:id: gallery, price and offers, facts, description and the details of its kind. The app
 * hands in the offer button (`renderOfferAction`); the highest offer and the count follow live events.
 */
export default function PropertyPage({ renderOfferAction }: { renderOfferAction: RenderOfferAction }) {
  const { id = '' } = useParams();
  const { result, retry, refresh, applySummary } = useProperty(id);
  const backTo = useBackTo();
  // A new page starts at the top (the catalogue may have been scrolled far down).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  const property = result?.status === 'ready' ? result.property : null;
  const title = property ? propertyTitle(property) : t.loadingTitle;
  useDocumentTitle(title);
  useChatSubject(property ? { title, reference: property.reference } : null);
  // The viewer's own offer (`yourOffer`): whether it is still current and still the highest is the
  // API's to say, so a change of the announcement's offers reads the page again.
  const holdsOffer = Boolean(property?.yourOffer);
  useAnnouncementEvents(property?.announcement?.id ?? null, (event) => {
    applySummary(event);
    if (event.type === 'summary' ? holdsOffer : event.type === 'your-offer' && !holdsOffer) refresh();
  });

  if (result?.status === 'not-found') return <Navigate to={paths.propertyNotFound(id)} replace />;
  return (
    <div className="page">
      <nav className="property__back" aria-label={t.breadcrumb}>
        <Link to={backTo}>{t.breadcrumb}</Link>
      </nav>
      {result === null && (
        <>
          <p className="visually-hidden" role="status">
            {t.loading}
          </p>
          <PropertySkeleton />
        </>
      )}
      {result?.status === 'error' && <ErrorState title={t.errorTitle} onRetry={retry} />}
      {property && (
        <PropertyView property={property} renderOfferAction={renderOfferAction} onOfferSent={refresh} />
      )}
    </div>
  );
}
