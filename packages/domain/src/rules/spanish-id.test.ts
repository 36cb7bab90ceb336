import { describe, expect, it } from 'vitest';
import { isValidSpanishId, normalizeSpanishId, spanishIdTakenBy } from './spanish-id';

describe('Spanish identity numbers', () => {
  it.each(['12345678Z', ' 12345678z ', '00000000T', 'X1234567L', 'Y1234567X', 'Z1234567R', '12345678-Z'])(
    'accepts %s',
    (value) => expect(isValidSpanishId(value)).toBe(true),
  );

  it.each(['12345678A', '1234567Z', 'X1234567A', 'W1234567L', '', 'ABCDEFGHI'])('refuses %s', (value) =>
    expect(isValidSpanishId(value)).toBe(false),
  );

  it('compares trimmed and in capitals against co-holders and guarantors', () => {
    expect(normalizeSpanishId(' x1234567l ')).toBe('X1234567L');
    const others = { coHolders: ['12345678Z'], guarantors: ['x1234567l'] };
    expect(spanishIdTakenBy(' 12345678z', others)).toBe('NIF_USED_BY_COTITULAR');
    expect(spanishIdTakenBy('X1234567L', others)).toBe('NIF_USED_BY_GUARANTOR');
    expect(spanishIdTakenBy('Y1234567X', others)).toBeNull();
  });
});
