import { describe, expect, it } from 'vitest';
import { draftFields, hasDraftContent, stepOfField } from './form-values';
import { readDraft } from './draft-storage';
import { storageKeys } from '../../shared/storage-keys';

describe('draftFields', () => {
  it('keeps each field valid on its own and leaves out the rest', () => {
    expect(
      draftFields({
        street: 'Calle Mayor',
        postalCode: '280',
        provinceCode: '28',
        municipalityCode: '08019',
        surfaceM2: Number.NaN,
        rooms: 2,
        floorCode: 'PFL999',
        door: '',
        features: ['PAF001'],
      }),
    ).toEqual({ street: 'Calle Mayor', provinceCode: '28', rooms: 2, features: ['PAF001'] });
  });

  it('sees an untouched form as empty', () => {
    expect(hasDraftContent(draftFields({ street: '', features: [] }))).toBe(false);
    expect(hasDraftContent(draftFields({ street: 'Calle Real' }))).toBe(true);
  });
});

describe('stepOfField', () => {
  it('finds the step of a server error field', () => {
    expect(stepOfField('postalCode')).toBe(0);
    expect(stepOfField('features.2')).toBe(1);
    expect(stepOfField('unknown')).toBeNull();
  });
});

describe('readDraft', () => {
  it('ignores broken storage', () => {
    localStorage.setItem(storageKeys.newPropertyDraft, '{not json');
    expect(readDraft()).toBeNull();
    localStorage.setItem(storageKeys.newPropertyDraft, JSON.stringify({ values: {}, step: 9, section: 'x' }));
    expect(readDraft()).toEqual({ isNew: true, step: 3, values: {} });
  });
});
