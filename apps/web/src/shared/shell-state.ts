import { createStore, useStore } from './store';

/** Which shell overlays are open. Any page may open the publish chooser or the cookie settings. */
const sideMenu = createStore(false);
const publishChooser = createStore(false);
const cookieSettings = createStore<{ open: boolean; loadFailed: boolean }>({
  open: false,
  loadFailed: false,
});

export const openSideMenu = () => sideMenu.set(true);
export const closeSideMenu = () => sideMenu.set(false);
export const useSideMenuOpen = () => useStore(sideMenu);

export const openPublishChooser = () => publishChooser.set(true);
export const closePublishChooser = () => publishChooser.set(false);
export const usePublishChooserOpen = () => useStore(publishChooser);

/** Opens the detailed cookie dialog; `loadFailed` explains that the stored choice could not be read. */
export const openCookieSettings = (loadFailed = false) => cookieSettings.set({ open: true, loadFailed });
export const closeCookieSettings = () => cookieSettings.set({ open: false, loadFailed: false });
export const useCookieSettings = () => useStore(cookieSettings);
