import { useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { overlayTexts } from './overlay-texts';
import { TutorialArt } from './tutorial-art';
import {
  TUTORIAL_STEP_COUNT,
  isFirstTutorialStep,
  isLastTutorialStep,
  nextTutorialStep,
  previousTutorialStep,
} from './tutorial-state';

const t = overlayTexts.tutorial;

export interface TutorialDialogProps {
  open: boolean;
  /** Empezar, Escape or the close button; the caller stores the done flag. */
  onClose: () => void;
}

/** The five-step guided tutorial (SPEC 2.3, 4.4). */
export function TutorialDialog({ open, onClose }: TutorialDialogProps) {
  const [step, setStep] = useState(0);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const content = t.steps[step] ?? t.steps[0];
  const first = isFirstTutorialStep(step);
  const last = isLastTutorialStep(step);

  // Going back to the first step removes 'Volver', which had focus: keep focus in the dialog.
  useEffect(() => {
    if (document.activeElement === document.body) primaryRef.current?.focus();
  }, [step]);

  const footer = (
    <>
      {!first && (
        <Button variant="ghost" onClick={() => setStep(previousTutorialStep)}>
          {t.back}
        </Button>
      )}
      <Button ref={primaryRef} onClick={last ? onClose : () => setStep(nextTutorialStep)}>
        {first ? t.continue : last ? t.start : t.next}
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.title}
      hideTitle
      closeLabel={t.close}
      footer={footer}
      initialFocusRef={primaryRef}
      dismissOnBackdrop={false}
      className="tutorial-dialog"
    >
      <div className="tutorial">
        <div className="tutorial__art">
          <TutorialArt step={step} />
        </div>
        <div aria-live="polite">
          <h3 className="tutorial__title">{content.title}</h3>
          <p className="tutorial__text">{content.text}</p>
        </div>
        <div className="tutorial__progress">
          <span>{t.stepOf(step + 1, TUTORIAL_STEP_COUNT)}</span>
          <ol className="tutorial__dots" aria-hidden="true">
            {t.steps.map((item, index) => (
              <li
                key={item.title}
                className={index === step ? 'tutorial__dot tutorial__dot--active' : 'tutorial__dot'}
              />
            ))}
          </ol>
        </div>
      </div>
    </Dialog>
  );
}
