import { useCallback, useState } from 'react';
import PropertyPage from '../features/catalogue/pages/property-page';
import type { RenderOfferAction } from '../features/catalogue/components/price-box';
import { useAfterAction } from '../features/auth/use-after-action';
import type { AfterAction } from '../features/auth/redirect';
import { OfferAction } from '../features/make-offer/components/offer-action';
import { makeOfferActionName } from '../features/make-offer/draft';

/**
 * /property/:id as the app composes it (features do not import each other): the catalogue's page with
 * the offer flow's button in its price box, and the login's afterAction (make-offer:<announcementId>)
 * that reopens the dialog once the visitor is back.
 */
export default function PropertyRoute() {
  const [replay, setReplay] = useState<string | null>(null);
  useAfterAction(
    useCallback((action: AfterAction) => {
      if (action.name === makeOfferActionName && action.argument) setReplay(action.argument);
    }, []),
  );
  const handled = useCallback(() => setReplay(null), []);
  const renderOfferAction = useCallback<RenderOfferAction>(
    (slot) => (
      <OfferAction
        {...slot}
        replay={replay !== null && replay === slot.property.announcement?.id}
        onReplayHandled={handled}
      />
    ),
    [replay, handled],
  );
  return <PropertyPage renderOfferAction={renderOfferAction} />;
}
