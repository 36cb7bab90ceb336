import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../shared/storage-keys';
import {
  LAST_TUTORIAL_STEP,
  TUTORIAL_STEP_COUNT,
  isFirstTutorialStep,
  isLastTutorialStep,
  markTutorialDone,
  nextTutorialStep,
  previousTutorialStep,
  readTutorialDone,
  resetTutorialMemory,
  shouldOpenTutorial,
} from './tutorial-state';

afterEach(() => resetTutorialMemory());

describe('tutorial steps', () => {
  it('has five steps, 0 to 4', () => {
    expect(TUTORIAL_STEP_COUNT).toBe(5);
    expect(LAST_TUTORIAL_STEP).toBe(4);
  });

  it('moves forward and back within bounds', () => {
    expect(nextTutorialStep(0)).toBe(1);
    expect(nextTutorialStep(3)).toBe(4);
    expect(nextTutorialStep(4)).toBe(4);
    expect(previousTutorialStep(4)).toBe(3);
    expect(previousTutorialStep(0)).toBe(0);
    expect(previousTutorialStep(-3)).toBe(0);
    expect(nextTutorialStep(10)).toBe(4);
  });

  it('knows the first and last step', () => {
    expect(isFirstTutorialStep(0)).toBe(true);
    expect(isFirstTutorialStep(1)).toBe(false);
    expect(isLastTutorialStep(4)).toBe(true);
    expect(isLastTutorialStep(3)).toBe(false);
  });
});

describe('shouldOpenTutorial', () => {
  it('opens on /property paths until done (SPEC 2.2)', () => {
    expect(shouldOpenTutorial('/property/42', false)).toBe(true);
    expect(shouldOpenTutorial('/property/42/offers', false)).toBe(true);
    expect(shouldOpenTutorial('/property/42', true)).toBe(false);
  });

  it('does not open elsewhere', () => {
    expect(shouldOpenTutorial('/', false)).toBe(false);
    expect(shouldOpenTutorial('/announcement-list', false)).toBe(false);
    expect(shouldOpenTutorial('/property-detail/42', false)).toBe(false);
    expect(shouldOpenTutorial('/properties', false)).toBe(false);
    expect(shouldOpenTutorial('/propertiesx', false)).toBe(false);
  });
});

describe('tutorial done flag', () => {
  it('is stored in localStorage', () => {
    expect(readTutorialDone()).toBe(false);
    markTutorialDone();
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBe('true');
    expect(readTutorialDone()).toBe(true);
  });
});
