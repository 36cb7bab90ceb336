import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OfferStatus } from '@casaoferta/domain/codes';
import { useSessionActions } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { deleteProfile, fetchActiveOffers, tenantKeys, useProfileCache } from '../api/tenant-api';
import { profileTexts } from '../texts';

const t = profileTexts.delete;

/** The active offers deleting the profile withdraws, checked when the confirmation opens. */
function useOffersToWithdraw(open: boolean) {
  return useQuery({
    queryKey: tenantKeys.activeOffers,
    queryFn: ({ signal }) => fetchActiveOffers(signal),
    enabled: open,
    staleTime: 0,
    // Deleting withdraws the offers still waiting for the owner (sent); a selected one has been decided.
    select: (offers) => offers.filter((offer) => offer.statusCode === OfferStatus.Sent).length,
  });
}

function OffersNotice({ offers }: { offers: ReturnType<typeof useOffersToWithdraw> }) {
  if (offers.isError) return <p>{t.offersUnknown}</p>;
  if (offers.data === undefined) return <Spinner size="sm" label={t.checkingOffers} showLabel />;
  const count = offers.data;
  return count > 0 ? <p className="profile-delete__offers">{t.offers(count)}</p> : <p>{t.noOffers}</p>;
}

/**
 * 'Eliminar perfil' and its confirmation: what is deleted and how many active offers will be withdrawn
 * (GET /api/tenant/offers); then DELETE, a toast, and the hub shows the empty profile.
 */
export function DeleteProfile() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cache = useProfileCache();
  const { refresh } = useSessionActions();
  const offers = useOffersToWithdraw(open);
  const close = () => {
    if (!busy) setOpen(false);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      const { withdrawnOffers } = await deleteProfile();
      setOpen(false);
      showToast(profileTexts.toasts.profileDeleted(withdrawnOffers), 'success');
      await cache.reload();
      void refresh();
    } catch {
      // The API client has shown the error.
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t.button}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t.title}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy} data-autofocus>
              {t.cancel}
            </Button>
            <Button
              variant="danger"
              loading={busy}
              // Not before the person has read how many offers go with the profile.
              disabled={open && offers.isPending}
              onClick={() => void confirm()}
            >
              {t.confirm}
            </Button>
          </>
        }
      >
        <div className="stack">
          <p>{t.body}</p>
          {open && <OffersNotice offers={offers} />}
        </div>
      </Dialog>
    </>
  );
}
