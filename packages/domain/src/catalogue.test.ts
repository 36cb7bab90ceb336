import { describe, expect, it } from 'vitest';
import { placeName } from './catalogue';

describe('placeName (SPEC 2.5)', () => {
  it("writes 'Municipio (Provincia)', or the part there is", () => {
    expect(placeName('Getafe', 'Madrid')).toBe('Getafe (Madrid)');
    expect(placeName('Getafe', null)).toBe('Getafe');
    expect(placeName(null, 'Madrid')).toBe('Madrid');
    expect(placeName(null, null)).toBe('');
  });
});
