import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import {
  acceptAllCookiePreferences,
  loadCookiePreferences,
  rejectAllCookiePreferences,
  saveCookiePreferences,
} from '../../shared/consent';
import type { CookiePreferences } from '../../shared/consent';
import { Button } from '../../shared/ui/button';
import { markCookieChoiceMade, useCookieQuestion } from './cookie-choice';
import { watchFormActions } from './cookie-banner-yield';
import { closeCookieSettings, openCookieSettings, useCookieSettings } from '../../shared/shell-state';
import { shellTexts } from './texts';

// The detailed dialog loads on demand, off the catalogue's first load (ARCHITECTURE 2).
const CookieSettingsDialog = lazy(() =>
  import('./cookie-dialogs').then((module) => ({ default: module.CookieSettingsDialog })),
);

/** SPEC 9: the banner shows 100 ms after load. */
export const COOKIE_BANNER_DELAY_MS = 100;

const t = shellTexts.cookies;

/**
 * Cookie consent: the short banner on every page but the cookie policy while no choice is stored,
 * and the detailed dialog (footer 'Configurar cookies', 'Configurar', or an unreadable stored choice).
 */
export function CookieBanner() {
  const { pathname } = useLocation();
  const { bannerWanted } = useCookieQuestion(pathname);
  const [ready, setReady] = useState(false);
  const settings = useCookieSettings();

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), COOKIE_BANNER_DELAY_MS);
    if (loadCookiePreferences().status === 'invalid') openCookieSettings(true);
    return () => clearTimeout(timer);
  }, []);

  const save = (preferences: CookiePreferences) => {
    saveCookiePreferences(preferences);
    markCookieChoiceMade();
    closeCookieSettings();
  };

  const showBanner = ready && bannerWanted;
  // Issue 23: never over a form's submit button; then it waits at the end of the page instead.
  const bannerRef = useRef<HTMLElement>(null);
  const [inFlow, setInFlow] = useState(false);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!showBanner || !banner) return;
    return watchFormActions(banner, setInFlow);
  }, [showBanner]);

  return (
    <>
      {showBanner && (
        <section
          ref={bannerRef}
          className={inFlow ? 'cookie-banner cookie-banner--in-flow' : 'cookie-banner'}
          aria-label={t.bannerLabel}
        >
          <h2 className="cookie-banner__title">{t.bannerTitle}</h2>
          <p className="cookie-banner__text">
            {t.bannerText} <Link to={paths.cookiesPolicy}>{t.policyLink}</Link>.
          </p>
          <div className="cookie-banner__actions">
            <Button onClick={() => save(acceptAllCookiePreferences)}>{t.acceptAll}</Button>
            <Button variant="secondary" onClick={() => save(rejectAllCookiePreferences)}>
              {t.rejectAll}
            </Button>
            <Button variant="ghost" onClick={() => openCookieSettings()}>
              {t.configure}
            </Button>
          </div>
        </section>
      )}
      {settings.open && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            open
            loadFailed={settings.loadFailed}
            onClose={closeCookieSettings}
            onSave={save}
          />
        </Suspense>
      )}
    </>
  );
}
