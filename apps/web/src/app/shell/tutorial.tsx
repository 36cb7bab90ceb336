import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { useCookieQuestion } from './cookie-choice';
import { markTutorialDone, readTutorialDone, shouldOpenTutorial } from './tutorial-state';

// Loaded only when it opens, to keep it off the catalogue's first load (ARCHITECTURE 2).
const TutorialDialog = lazy(() =>
  import('./tutorial-dialog').then((module) => ({ default: module.TutorialDialog })),
);

/**
 * Opens the tutorial on the first visit to a property path until it is done (SPEC 2.2), once the cookie
 * question is answered: first-visit overlays come one at a time, cookies first.
 */
export function Tutorial() {
  const { pathname } = useLocation();
  const [done, setDone] = useState(readTutorialDone);
  const { pending: cookieQuestionOpen } = useCookieQuestion(pathname);
  if (cookieQuestionOpen || !shouldOpenTutorial(pathname, done)) return null;

  const close = () => {
    markTutorialDone();
    setDone(true);
  };
  return (
    <Suspense fallback={null}>
      <TutorialDialog open onClose={close} />
    </Suspense>
  );
}
