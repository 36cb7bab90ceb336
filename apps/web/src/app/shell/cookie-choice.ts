import { useSyncExternalStore } from 'react';
import { loadCookiePreferences, subscribeCookiePreferences } from '../../shared/consent';
import { paths } from '../../shared/paths';
import { useCookieSettings } from '../../shared/shell-state';
import { createStore, useStore } from '../../shared/store';

/** A choice made in this visit counts even when the browser refused to store it. */
const choiceMade = createStore(false);

export const markCookieChoiceMade = () => choiceMade.set(true);

/** Tests only: forget this visit's choice. */
export const resetCookieChoiceMemory = () => choiceMade.set(false);

const hasStoredChoice = () => loadCookiePreferences().status === 'stored';

/**
 * The cookie question on this page (SPEC 2.2): the banner is wanted on every page but the cookie
 * policy while no choice is made; the question is pending while the banner or the detailed dialog is
 * open. Other first-visit overlays (the tutorial) wait for it: one at a time, cookies first.
 */
export function useCookieQuestion(pathname: string): { bannerWanted: boolean; pending: boolean } {
  const stored = useSyncExternalStore(subscribeCookiePreferences, hasStoredChoice, hasStoredChoice);
  const made = useStore(choiceMade);
  const settings = useCookieSettings();
  const bannerWanted = !stored && !made && pathname !== paths.cookiesPolicy;
  return { bannerWanted, pending: bannerWanted || settings.open };
}
