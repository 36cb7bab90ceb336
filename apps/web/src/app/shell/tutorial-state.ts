import { paths } from '../../shared/paths';
import { storageKeys } from '../../shared/storage-keys';

/** SPEC 4.4 and 9: five steps, numbered 0 to 4. */
export const TUTORIAL_STEP_COUNT = 5;
export const FIRST_TUTORIAL_STEP = 0;
export const LAST_TUTORIAL_STEP = TUTORIAL_STEP_COUNT - 1;

export const clampTutorialStep = (step: number): number =>
  Math.min(LAST_TUTORIAL_STEP, Math.max(FIRST_TUTORIAL_STEP, Math.trunc(step)));

export const nextTutorialStep = (step: number): number => clampTutorialStep(step + 1);
export const previousTutorialStep = (step: number): number => clampTutorialStep(step - 1);
export const isFirstTutorialStep = (step: number): boolean => step <= FIRST_TUTORIAL_STEP;
export const isLastTutorialStep = (step: number): boolean => step >= LAST_TUTORIAL_STEP;

/** SPEC 2.2: a /property/... page opens the tutorial until it is done (not the /properties catalogue). */
export function shouldOpenTutorial(pathname: string, done: boolean): boolean {
  return !done && pathname.startsWith(paths.property(''));
}

/** Kept in memory too, so blocked storage does not reopen the tutorial on every navigation. */
let doneInMemory = false;

export function readTutorialDone(): boolean {
  if (doneInMemory) return true;
  try {
    return localStorage.getItem(storageKeys.tutorialDone) === 'true';
  } catch {
    return false;
  }
}

export function markTutorialDone(): void {
  doneInMemory = true;
  try {
    localStorage.setItem(storageKeys.tutorialDone, 'true');
  } catch {
    // Storage blocked: the in-memory flag keeps it closed for this visit.
  }
}

/** Tests only: forget the in-memory flag. */
export function resetTutorialMemory(): void {
  doneInMemory = false;
}
