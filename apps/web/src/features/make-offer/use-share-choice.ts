import { useCallback, useEffect, useRef, useState } from 'react';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { showToast } from '../../shared/ui/toast-store';
import { loadShareDefaults, setShare, type ShareableDocument } from './api/documents-share';
import { makeOfferTexts } from './texts';

/**
 * 'Compartir mi documentación con el propietario' in the offer flow (issue 23 point 7). Loaded once the
 * flow knows my current offer: shown only when I have documents; it starts from the current offer's
 * consent (an edit) or my last offer's (a new one), else unchecked. After the offer is sent, the choice
 * goes to that offer through the same consent the offer's detail gives.
 */
export interface ShareChoice {
  /** null: nothing to share (no documents, not logged, or not known yet): no block. */
  documents: ShareableDocument[] | null;
  checked: boolean;
  setChecked: (checked: boolean) => void;
  /** Applies the choice to the sent offer; a failure is told but never undoes the offer. */
  apply: (offer: MyOffer) => Promise<void>;
}

export function useShareChoice(loaded: boolean, logged: boolean, own: MyOffer | null): ShareChoice {
  const [documents, setDocuments] = useState<ShareableDocument[] | null>(null);
  const [checked, setChecked] = useState(false);
  /** The consent the offer has now: only a change is sent. */
  const stored = useRef<boolean | null>(null);
  const ownId = own?.id ?? null;
  const ownAnnouncement = own?.announcementId ?? null;
  useEffect(() => {
    if (!loaded || !logged) return;
    const controller = new AbortController();
    const current = ownId && ownAnnouncement ? { id: ownId, announcementId: ownAnnouncement } : null;
    loadShareDefaults(current, controller.signal)
      .then((defaults) => {
        if (controller.signal.aborted || !defaults) return;
        stored.current = current ? defaults.shared : false;
        setDocuments(defaults.documents);
        setChecked(defaults.shared);
      })
      // Without the documents the flow goes on without the block; the offer's detail still offers it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [loaded, logged, ownId, ownAnnouncement]);

  const shown = documents !== null;
  const apply = useCallback(
    async (offer: MyOffer) => {
      if (!shown || stored.current === checked) return;
      try {
        await setShare(offer.announcementId, offer.id, checked);
        stored.current = checked;
      } catch {
        showToast(makeOfferTexts.share.failed, 'error');
      }
    },
    [shown, checked],
  );
  return { documents, checked, setChecked, apply };
}
