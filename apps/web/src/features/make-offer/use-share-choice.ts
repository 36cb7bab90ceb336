import { useEffect, useState } from 'react';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { loadShareDefaults, type ShareableDocument } from './api/documents-share';

/**
 * 'Compartir mi documentación con el propietario' in the offer flow (issue 23 point 7). Loaded once the
 * flow knows my current offer: shown only when I have documents; it starts from the current offer's
 * consent (an edit) or my last offer's (a new one), else unchecked. The choice travels in the offer
 * request itself (`shareDocuments`, decision 029): stored with the offer, never without it.
 */
export interface ShareChoice {
  /** null: nothing to share (no documents, not logged, or not known yet): no block. */
  documents: ShareableDocument[] | null;
  checked: boolean;
  setChecked: (checked: boolean) => void;
  /** What the offer request says: the choice when the block is shown, else nothing (left as it is). */
  request: boolean | undefined;
}

export function useShareChoice(loaded: boolean, logged: boolean, own: MyOffer | null): ShareChoice {
  const [documents, setDocuments] = useState<ShareableDocument[] | null>(null);
  const [checked, setChecked] = useState(false);
  const ownId = own?.id ?? null;
  const ownAnnouncement = own?.announcementId ?? null;
  useEffect(() => {
    if (!loaded || !logged) return;
    const controller = new AbortController();
    const current = ownId && ownAnnouncement ? { id: ownId, announcementId: ownAnnouncement } : null;
    loadShareDefaults(current, controller.signal)
      .then((defaults) => {
        if (controller.signal.aborted || !defaults) return;
        setDocuments(defaults.documents);
        setChecked(defaults.shared);
      })
      // Without the documents the flow goes on without the block; the offer's detail still offers it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [loaded, logged, ownId, ownAnnouncement]);

  return { documents, checked, setChecked, request: documents === null ? undefined : checked };
}
