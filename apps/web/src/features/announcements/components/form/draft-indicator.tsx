import type { DraftState } from '../../form/use-draft-autosave';
import { announcementTexts } from '../../texts';

const t = announcementTexts.form;
const text: Record<DraftState, string> = {
  idle: '',
  saving: t.draftSaving,
  saved: t.draftSaved,
  error: t.draftFailed,
};

/** Save-as-you-go state, announced politely. */
export function DraftIndicator({ state }: { state: DraftState }) {
  return (
    <p className={`ann-draft ann-draft--${state}`} role="status">
      {text[state]}
    </p>
  );
}
