import { describe, expect, it } from 'vitest';
import { announcementTexts } from '../features/announcements/texts';
import { propertyFormTexts } from '../features/property-form/texts';
import { validationTexts } from '../features/validation-queue/texts';

/**
 * An agent's reason put into our own sentence ends with one full stop, whether or not the agent typed
 * one (issue 23 point 16: "inmueble.."). The features cannot import each other, so the app holds this.
 */
const reason = 'Las fotos no corresponden al inmueble.';

describe('a rejection reason in a sentence', () => {
  it.each([
    ['property-form', propertyFormTexts.moderation.rejected(reason)],
    ['validation-queue', validationTexts.review.changesRejected(reason)],
    ['announcements', announcementTexts.property.revisionRejected(reason)],
  ])('%s: one full stop after the reason', (_feature, text) => {
    expect(text).toContain('Las fotos no corresponden al inmueble. ');
    expect(text).not.toMatch(/\.\./);
  });
});
