import { describe, expect, it } from 'vitest';
import {
  changedFields,
  fieldText,
  jointText,
  kindLabel,
  photoChanges,
  propertyDecisions,
} from './review-view';
import { image, reviewWithRevision } from './test-data';

const places = { provinces: new Map([['28', 'Madrid']]), municipalities: new Map<string, string>() };

describe('the review of a revision', () => {
  it('names the fields that change, in the form order, features compared as a set', () => {
    const { live, pendingRevision } = reviewWithRevision();
    if (!pendingRevision) throw new Error('revision expected');
    expect(changedFields(live, pendingRevision.fields)).toEqual(['street', 'rooms', 'features']);
    expect(changedFields(live, { ...live, features: [...live.features].reverse(), door: 'B' })).toEqual([]);
    expect(changedFields({ ...live, door: null }, { ...live, door: '' })).toEqual([]);
  });

  it('reads codes as labels and names the places, with the code when a name is missing', () => {
    const { live } = reviewWithRevision();
    expect(fieldText('provinceCode', live, places)).toBe('Madrid');
    expect(fieldText('municipalityCode', live, places)).toBe('28065');
    expect(fieldText('propertyTypeCode', live, places)).toBe('Piso');
    expect(fieldText('blockCode', live, places)).toBe('-');
    expect(fieldText('features', { ...live, features: [] }, places)).toBe('-');
    expect(fieldText('surfaceM2', { ...live, surfaceM2: 1250 }, places)).toBe('1.250 m²');
  });

  it('finds the photos added, removed and reordered', () => {
    expect(photoChanges([image(1), image(2)], [image(2), image(3)])).toMatchObject({
      added: [image(3)],
      removed: [image(1)],
      reordered: false,
    });
    expect(photoChanges([image(1), image(2)], [image(2), image(1)]).reordered).toBe(true);
  });

  it('allows the decisions of SPEC 4.5', () => {
    expect(propertyDecisions(reviewWithRevision())).toEqual({ validate: true, reject: true });
    expect(propertyDecisions(reviewWithRevision({ pendingRevision: null }))).toEqual({
      validate: false,
      reject: true,
    });
    expect(
      propertyDecisions(reviewWithRevision({ validationStatus: 'PSG004', pendingRevision: null })),
    ).toEqual({
      validate: true,
      reject: false,
    });
  });

  it('says what a queue item waits for', () => {
    expect(kindLabel({ kind: 'property', announcementTypeCode: null })).toBe('Inmueble nuevo');
    expect(kindLabel({ kind: 'property-revision', announcementTypeCode: 'ATY003' })).toBe(
      'Cambios en un inmueble',
    );
    expect(kindLabel({ kind: 'announcement', announcementTypeCode: 'ATY001' })).toBe(
      'Anuncio de alquiler de habitación',
    );
    expect(kindLabel({ kind: 'announcement', announcementTypeCode: 'ATY002' })).toBe('Anuncio de alquiler');
  });

  it('says what a new property was sent with (decision 028)', () => {
    const sale = { id: '00000000-0000-4000-8000-0000000000d1', revision: 1, typeCode: 'ATY003' };
    const room = { id: '00000000-0000-4000-8000-0000000000d2', revision: 3, typeCode: 'ATY001' };
    expect(kindLabel({ kind: 'property', announcementTypeCode: 'ATY003', jointAnnouncements: [sale] })).toBe(
      'Inmueble nuevo y anuncio',
    );
    expect(jointText({ jointAnnouncements: [] })).toBeNull();
    expect(jointText({ jointAnnouncements: [sale] })).toBe(
      'Con su anuncio de venta: se deciden juntos en la revisión.',
    );
    expect(jointText({ jointAnnouncements: [room] })).toBe(
      'Con su anuncio de alquiler de habitación: se deciden juntos en la revisión.',
    );
    expect(jointText({ jointAnnouncements: [sale, room] })).toBe(
      'Con sus 2 anuncios: se deciden juntos en la revisión.',
    );
  });
});
