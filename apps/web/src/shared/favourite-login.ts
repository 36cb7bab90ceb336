import { apiRequest } from './api/client';
import { favouriteTexts as t } from './favourite-texts';
import { showToast } from './ui/toast-store';

/** The login's ?afterAction of a heart a visitor tapped: favourite:<announcementId>. */
export const FAVOURITE_ACTION = 'favourite:';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps the favourite of a heart a visitor tapped before logging in (?afterAction=favourite:<id>),
 * right after the login stored its token: the page the login returns to then shows it kept (its hearts
 * are read after this). Apart from the hearts' store (shared/favourites.ts), so the login page does not
 * share a chunk with the catalogue's lazily loaded heart. A refusal (the announcement is gone) is said
 * by the API client's toast; the login goes on.
 */
export async function keepFavouriteOfLogin(afterAction: string | null): Promise<void> {
  if (!afterAction?.startsWith(FAVOURITE_ACTION)) return;
  const id = afterAction.slice(FAVOURITE_ACTION.length);
  if (!uuid.test(id)) return;
  try {
    await apiRequest(`/api/favourites/${id}`, { method: 'PUT' });
    showToast(t.added, 'success');
  } catch {
    // The API client has shown why.
  }
}
