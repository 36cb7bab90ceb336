import { describe, expect, it } from 'vitest';
import { withoutFinalStop } from './text';

describe('withoutFinalStop', () => {
  it('drops the full stops (and spaces) people end their words with, and nothing else', () => {
    expect(withoutFinalStop('Las fotos no corresponden al inmueble.')).toBe(
      'Las fotos no corresponden al inmueble',
    );
    expect(withoutFinalStop('  Faltan fotos del baño...  ')).toBe('Faltan fotos del baño');
    expect(withoutFinalStop('Falta la dirección')).toBe('Falta la dirección');
    expect(withoutFinalStop('¿Es la planta 3.ª?')).toBe('¿Es la planta 3.ª?');
    expect(`Motivo: ${withoutFinalStop('Precio 1.150 €.')}.`).toBe('Motivo: Precio 1.150 €.');
  });
});
