import type { DraftStatus } from '../../../../shared/forms/use-draft-autosave';
import { announcementTexts } from '../../texts';

const t = announcementTexts.form;
const text: Record<DraftStatus, string> = {
  idle: '',
  saving: t.draftSaving,
  saved: t.draftSaved,
  error: t.draftFailed,
};

/** Save-as-you-go state, announced politely. */
export function DraftIndicator({ state }: { state: DraftStatus }) {
  return (
    <p className={`ann-draft ann-draft--${state}`} role="status">
      {text[state]}
    </p>
  );
}
