import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiRequest } from './api/client';
import { paths } from './paths';
import { createStore, useStore } from './store';
import { useSession, type Session } from './session';
import { showToast } from './ui/toast-store';
import { favouriteTexts as t } from './favourite-texts';
import { FAVOURITE_ACTION } from './favourite-login';

/**
 * The signed-in person's favourites (issue 26, decision 037), shared by the catalogue's hearts, the
 * property page and "Mis favoritos". The catalogue's answers are public and cached, so they carry no
 * per-person data: the hearts learn theirs from GET /api/favourites/ids once, after the first paint.
 */
interface FavouritesState {
  /** Whose ids these are (the user id, or null: not loaded). */
  owner: string | null;
  ids: ReadonlySet<string>;
}

const store = createStore<FavouritesState>({ owner: null, ids: new Set() });
let loading: string | null = null;
/** Taps made before the ids arrived (a heart replayed after the login): applied over the loaded ids. */
const taps = new Map<string, boolean>();
/** Whose session the page shows now (another person may have signed in since the ids were loaded). */
let currentOwner: string | null = null;

/** Who can keep favourites: a person (also an agent acting as them), not an agent on their own. */
export const canKeepFavourites = (session: Session): boolean =>
  session.logged && (!session.isAgent || session.isImpersonating);

const ownerOf = (session: Session): string | null =>
  canKeepFavourites(session) ? (session.user?.id ?? session.user?.phoneNumber ?? 'user') : null;

/** Loads the hearts of the signed-in person once (again when another person signs in). */
function useFavouriteIds(session: Session): FavouritesState {
  const state = useStore(store);
  const owner = ownerOf(session);
  useEffect(() => {
    currentOwner = owner;
    if (owner === null || state.owner === owner || loading === owner) return;
    loading = owner;
    apiRequest<{ ids: string[] }>('/api/favourites/ids', { silent: true })
      .then(({ ids }) => {
        const loaded = new Set(ids);
        for (const [id, favourite] of taps) {
          if (favourite) loaded.add(id);
          else loaded.delete(id);
        }
        taps.clear();
        store.set({ owner, ids: loaded });
      })
      .catch(() => undefined)
      .finally(() => {
        loading = null;
      });
  }, [owner, state.owner]);
  return owner !== null && state.owner === owner ? state : { owner: null, ids: new Set() };
}

function setLocal(id: string, favourite: boolean) {
  const { owner, ids } = store.get();
  if (owner === null || owner !== currentOwner) {
    taps.set(id, favourite);
    return;
  }
  const next = new Set(ids);
  if (favourite) next.add(id);
  else next.delete(id);
  store.set({ owner, ids: next });
}

/** PUT or DELETE the favourite (idempotent), shown at once and undone if the server refuses. */
export async function setFavourite(announcementId: string, favourite: boolean): Promise<void> {
  setLocal(announcementId, favourite);
  try {
    await apiRequest(`/api/favourites/${announcementId}`, { method: favourite ? 'PUT' : 'DELETE' });
  } catch (error) {
    setLocal(announcementId, !favourite);
    throw error;
  }
}

/** The afterAction a visitor's heart carries through the login (features/auth/redirect.ts reads it). */
export const favouriteAction = (announcementId: string) => `${FAVOURITE_ACTION}${announcementId}`;

/** Whether `announcementId` is a favourite, and the toggle (a visitor is led to log in first). */
export function useFavourite(announcementId: string) {
  const session = useSession();
  const { ids } = useFavouriteIds(session);
  const navigate = useNavigate();
  const location = useLocation();
  const isFavourite = ids.has(announcementId);
  const toggle = () => {
    if (!session.logged) {
      const here = `${location.pathname}${location.search}`;
      void navigate(paths.loginWith({ redirectTo: here, afterAction: favouriteAction(announcementId) }));
      return;
    }
    setFavourite(announcementId, !isFavourite)
      .then(() => showToast(isFavourite ? t.removed : t.added, 'success'))
      .catch(() => undefined);
  };
  return { isFavourite, toggle, available: !session.logged || canKeepFavourites(session) };
}
