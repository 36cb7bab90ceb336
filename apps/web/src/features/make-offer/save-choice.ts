import { storageKeys } from '../../shared/storage-keys';

/**
 * "Guardar estos datos en mi perfil para la próxima vez" as the candidate last chose it (issue 23 point 9):
 * the box starts ticked only when they ticked it the last time they sent the employment section. Kept in
 * this browser until logout (which clears every storage key), so another person on it starts unticked.
 */
export function lastSaveToProfileChoice(): boolean {
  try {
    return localStorage.getItem(storageKeys.offerSaveToProfile) === 'true';
  } catch {
    return false;
  }
}

export function rememberSaveToProfileChoice(ticked: boolean): void {
  try {
    if (ticked) localStorage.setItem(storageKeys.offerSaveToProfile, 'true');
    else localStorage.removeItem(storageKeys.offerSaveToProfile);
  } catch {
    // Storage refused: the box starts unticked next time.
  }
}
