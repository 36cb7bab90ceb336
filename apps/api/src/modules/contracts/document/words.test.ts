import { describe, expect, it } from 'vitest';
import { countWords, euroFigures, euros, euroWords, integerWords, longDate, phoneText } from './words';

describe('Spanish numbers in words', () => {
  it.each([
    [0, 'cero'],
    [1, 'uno'],
    [11, 'once'],
    [15, 'quince'],
    [16, 'dieciséis'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [30, 'treinta'],
    [31, 'treinta y uno'],
    [99, 'noventa y nueve'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [115, 'ciento quince'],
    [500, 'quinientos'],
    [777, 'setecientos setenta y siete'],
    [1000, 'mil'],
    [1001, 'mil uno'],
    [2024, 'dos mil veinticuatro'],
    [21_000, 'veintiún mil'],
    [100_000, 'cien mil'],
    [101_000, 'ciento un mil'],
    [1_000_000, 'un millón'],
    [2_500_000, 'dos millones quinientos mil'],
    [21_000_000, 'veintiún millones'],
  ])('%i is "%s"', (value, words) => {
    expect(integerWords(value)).toBe(words);
  });

  it.each([
    [1, 'un euro'],
    [21, 'veintiún euros'],
    [31, 'treinta y un euros'],
    [450, 'cuatrocientos cincuenta euros'],
    [1250, 'mil doscientos cincuenta euros'],
    [28_500, 'veintiocho mil quinientos euros'],
    [285_000, 'doscientos ochenta y cinco mil euros'],
    [1_000_000, 'un millón de euros'],
    [3_000_000, 'tres millones de euros'],
    [1_200_000, 'un millón doscientos mil euros'],
    [10.05, 'diez euros con cinco céntimos'],
    [0.01, 'cero euros con un céntimo'],
  ])('%d € is "%s"', (amount, words) => {
    expect(euroWords(amount)).toBe(words);
  });

  it('writes amounts in words and Spanish figures', () => {
    expect(euros(1250)).toBe('mil doscientos cincuenta euros (1.250 €)');
    expect(euroFigures(285_000)).toBe('285.000 €');
    expect(euroFigures(10.5)).toBe('10,5 €');
  });

  it('counts before a noun in its gender', () => {
    expect(countWords(1)).toBe('un (1)');
    expect(countWords(21)).toBe('veintiún (21)');
    expect(countWords(1, 'feminine')).toBe('una (1)');
    expect(countWords(21, 'feminine')).toBe('veintiuna (21)');
    expect(countWords(200, 'feminine')).toBe('doscientas (200)');
    expect(countWords(12)).toBe('doce (12)');
  });

  it('refuses what is not an amount', () => {
    expect(() => integerWords(-1)).toThrow(RangeError);
    expect(() => integerWords(1.5)).toThrow(RangeError);
    expect(() => euroWords(Number.NaN)).toThrow(RangeError);
  });

  it('writes dates and phones as in Spain', () => {
    expect(longDate('2027-01-15')).toBe('15 de enero de 2027');
    expect(longDate('2026-12-31')).toBe('31 de diciembre de 2026');
    expect(() => longDate('31/12/2026')).toThrow(RangeError);
    expect(phoneText('+34612345678')).toBe('+34 612 345 678');
    expect(phoneText('+33612345678')).toBe('+33612345678');
  });
});
