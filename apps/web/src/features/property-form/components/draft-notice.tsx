import { Button } from '../../../shared/ui/button';
import { propertyFormTexts as t } from '../texts';

/** Shown when the form came back from local storage: continue, or start over. */
export function DraftNotice({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="alert property-form__notice">
      <p>{t.draft.restored}</p>
      <Button size="sm" variant="secondary" onClick={onStartOver}>
        {t.draft.discard}
      </Button>
    </div>
  );
}
