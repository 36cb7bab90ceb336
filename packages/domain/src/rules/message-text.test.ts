import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH,
  firstNameOnly,
  maskContactDetails,
  maskLabels,
  messageText,
} from './message-text';

const surnames = ['García Pérez', 'López'];
const mask = (text: string) => maskContactDetails(text, surnames);

describe('messageText', () => {
  it('trims, turns CR LF into LF and composes to NFC', () => {
    expect(messageText('  hola\r\nqué tal  ')).toEqual({ text: 'hola\nqué tal' });
    expect(messageText('e\u0301')).toEqual({ text: 'é' });
  });
  it('refuses empty, too long and control characters', () => {
    expect(messageText(' \n\t ')).toEqual({ problem: 'MESSAGE_EMPTY' });
    expect(messageText('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({ problem: 'MESSAGE_TOO_LONG' });
    expect(messageText('😀'.repeat(MESSAGE_MAX_LENGTH))).toEqual({ text: '😀'.repeat(MESSAGE_MAX_LENGTH) });
    for (const bad of [
      'a\u0000b',
      'a\u0007b',
      'a\u001bb',
      'a\u0085b',
      'a\u202eb',
      'a\u2066b',
      'a\uD800b',
      'a\uFEFFb',
    ]) {
      expect(messageText(bad)).toEqual({ problem: 'MESSAGE_INVALID_CHARACTERS' });
    }
    expect(messageText('línea\n\tsangrada')).toEqual({ text: 'línea\n\tsangrada' });
  });
});

describe('maskContactDetails', () => {
  it.each([
    ['Llámame al 612 345 678', 'Llámame al [teléfono oculto]'],
    ['mi móvil: 612.345.678 gracias', 'mi móvil: [teléfono oculto] gracias'],
    ['+34 612-345-678', '[teléfono oculto]'],
    ['0034612345678', '[teléfono oculto]'],
    ['(+34) 612 34 56 78', '[teléfono oculto]'],
    ['6 1 2 3 4 5 6 7 8', '[teléfono oculto]'],
    ['6-1-2/3_4 5·6 7.8', '[teléfono oculto]'],
    ['seis uno dos tres cuatro cinco seis siete ocho', '[teléfono oculto]'],
    ['SEIS 1 2 tres 4 5 6 siete 8', '[teléfono oculto]'],
    ['+44 20 7946 0958', '[teléfono oculto]'],
    ['+1 (415) 555-2671', '[teléfono oculto]'],
    ['６１２３４５６７８', '[teléfono oculto]'],
    ['fijo 91 123 45 67.', 'fijo [teléfono oculto].'],
    ['escríbeme a ana.garcia@gmail.com', 'escríbeme a [e-mail oculto]'],
    ['ana arroba gmail punto com', '[e-mail oculto]'],
    ['ana(at)gmail(dot)com', '[e-mail oculto]'],
    ['ANA @ Gmail . COM', '[e-mail oculto]'],
    ['ana＠gmail．com', '[e-mail oculto]'],
    [
      'mira https://example.org/x?y=1 o www.idealista.com/inmueble/1',
      'mira [enlace oculto] o [enlace oculto]',
    ],
    ['wa.me/34612345678 o t.me/ana', '[enlace oculto] o [enlace oculto]'],
    ['Soy Laura García, encantada', 'Soy Laura [apellido oculto], encantada'],
    ['Hola, soy Laura garcia PEREZ', 'Hola, soy Laura [apellido oculto] [apellido oculto]'],
    ['Soy Ana López 😀', 'Soy Ana [apellido oculto] 😀'],
  ])('hides %j', (text, expected) => {
    expect(mask(text)).toBe(expected);
  });

  it.each([
    'Pago 1.200 € al mes, entro el 12/05/2026 a las 10:30',
    'el piso tiene 3 habitaciones y 2 baños, CP 28001',
    'Vale, nos vemos. ¿A las 18.00?',
    'Somos 2 personas y 1 gato; ofrezco 950 €',
    'Garcíaes no es un apellido',
    'Referencia MAD-00123',
    'Tengo tres hijos y dos perros',
    'p.ej. el lunes',
  ])('leaves %j alone', (text) => {
    expect(mask(text)).toBe(text);
  });

  it('never lets a masked number through however it is spread', () => {
    const phone = '612345678';
    for (const separator of [' ', '.', '-', ' - ', '  ', '/', ' . ']) {
      const text = `Mi número ${phone.split('').join(separator)} llámame`;
      const masked = mask(text);
      expect(masked.replace(/\D/g, '')).toBe('');
      expect(masked).toContain(maskLabels.phone);
    }
  });

  it('first names only', () => {
    expect(firstNameOnly('  María José ')).toBe('María');
  });
});
