import { useState } from 'react';
import {
  acceptAllCookiePreferences,
  effectiveCookiePreferences,
  rejectAllCookiePreferences,
} from '../../shared/consent';
import type { CookiePreferences } from '../../shared/consent';
import { Button } from '../../shared/ui/button';
import { Checkbox } from '../../shared/ui/checkbox';
import { Dialog } from '../../shared/ui/dialog';
import { overlayTexts } from './overlay-texts';
import { shellTexts } from './texts';

const t = { ...shellTexts.cookies, ...overlayTexts.cookieSettings };

export interface CookieSettingsDialogProps {
  open: boolean;
  /** The stored choice could not be read (SPEC 8): say so above the options. */
  loadFailed?: boolean;
  onClose: () => void;
  onSave: (preferences: CookiePreferences) => void;
}

/** Detailed cookie dialog: one switch per category (SPEC 3, 4.4). */
export function CookieSettingsDialog({
  open,
  loadFailed = false,
  onClose,
  onSave,
}: CookieSettingsDialogProps) {
  const [initial] = useState(effectiveCookiePreferences);
  const [dataCookies, setDataCookies] = useState(initial.dataCookies);
  const [customCookies, setCustomCookies] = useState(initial.customCookies);

  const footer = (
    <>
      <Button variant="secondary" onClick={() => onSave(rejectAllCookiePreferences)}>
        {t.rejectAll}
      </Button>
      <Button variant="secondary" onClick={() => onSave(acceptAllCookiePreferences)}>
        {t.acceptAll}
      </Button>
      <Button onClick={() => onSave({ essentialCookies: true, dataCookies, customCookies })}>{t.save}</Button>
    </>
  );

  return (
    <Dialog open={open} onClose={onClose} title={t.dialogTitle} footer={footer} variant="sheet">
      {loadFailed && (
        <p className="alert alert--error" role="alert">
          {t.loadFailed}
        </p>
      )}
      <p className="muted text-sm">{t.dialogIntro}</p>
      <div className="cookie-categories">
        <Checkbox
          switch
          className="cookie-category"
          label={t.essential}
          hint={t.essentialText}
          checked
          disabled
          readOnly
        />
        <Checkbox
          switch
          className="cookie-category"
          label={t.analytics}
          hint={t.analyticsText}
          checked={dataCookies}
          onChange={(event) => setDataCookies(event.target.checked)}
        />
        <Checkbox
          switch
          className="cookie-category"
          label={t.recording}
          hint={t.recordingText}
          checked={customCookies}
          onChange={(event) => setCustomCookies(event.target.checked)}
        />
      </div>
    </Dialog>
  );
}
