import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorStatus } from '../errors';
import { authenticateRequest } from '../schemas/auth';
import { contractPartyData } from '../schemas/contracts';
import { personName } from '../schemas/person-name';
import { personalInput } from '../schemas/tenant';
import { isPersonName, personNameRules } from './person-name';

describe('a person name (issue 22)', () => {
  it.each([
    'Ana',
    'María José',
    'José Ángel',
    'Núñez-Fernández',
    'Çelik',
    'Łukasz Wałęsa',
    'Müller',
    'Øyvind',
    'Ségolène',
    'Ελένη Παπαδοπούλου',
    'Анна Каренина',
    "O'Brien",
    'D’Angelo',
    '’t Hooft',
    "Dell' Acqua",
    'J. Ramón',
    'Juan J. Pérez',
    'Mª José',
    'de la Fuente',
    // A decomposed ñ: n and the combining tilde.
    'Nun\u0303ez',
  ])('accepts %s', (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each([
    ['an URL', 'https://evil.example/es'],
    ['a domain', 'evil.example'],
    ['a domain with a capital', 'Evil.Example'],
    ['dots in a row', 'evil..x'],
    ['initials without spaces', 'a.b.c'],
    ['a dot after a word', 'Ramón.'],
    ['an initial with two dots', 'J.. Ramón'],
    ['digits', 'Usuario 12'],
    ['a phone number', 'Llama al 600123123'],
    ['two spaces', 'Ana  María'],
    ['a tab', 'Ana\tMaría'],
    ['a line break', 'Ana\nMaría'],
    ['a no-break space', 'Ana\u00a0María'],
    ['a zero-width joiner', 'evil\u200d.example'],
    ['a leading space', ' Ana'],
    ['a trailing hyphen', 'Ana-'],
    ['two hyphens', 'Jean--Pierre'],
    ['a hyphen and a space', 'Jean - Pierre'],
    ['a lone apostrophe', "'"],
    ['a colon', 'Tu banco: cuenta bloqueada'],
    ['an at sign', 'ana@evil.example'],
    ['a slash', 'Ana/María'],
    ['a comma', 'Pérez, Ana'],
    ['an emoji', 'Ana 🏠'],
    ['a lone combining mark', '\u0303'],
    ['many combining marks', `Z${'\u0303'.repeat(personNameRules.maxMarksPerLetter + 1)}`],
    ['nothing', ''],
  ])('refuses %s', (_what, name) => {
    expect(isPersonName(name)).toBe(false);
  });

  it('never holds a digit, two dots in a row, or a dot with a letter right after it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (value) => {
        if (!isPersonName(value)) return;
        expect(value).not.toMatch(/\d/);
        expect(value).not.toMatch(/\.\./);
        expect(value).not.toMatch(/\.\S/);
        expect(value).not.toMatch(/[/:@]/);
      }),
    );
  });

  it('accepts words of letters joined by single spaces', () => {
    const word = fc.stringMatching(/^[a-zA-ZñÑçÇáéíóúü]{1,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        expect(isPersonName(words.join(' '))).toBe(true);
      }),
    );
  });
});

describe('the schemas of every typed name', () => {
  const codeOf = (result: z.ZodSafeParseResult<unknown>) => {
    const issue = result.error?.issues[0];
    return issue?.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
  };

  it('trims, keeps the length limits and names the code NAME_INVALID (422)', () => {
    expect(personName().parse('  Ana María ')).toBe('Ana María');
    expect(personName().safeParse('a'.repeat(81)).success).toBe(false);
    expect(personName(120).safeParse('a'.repeat(120)).success).toBe(true);
    expect(codeOf(personName().safeParse('evil.example'))).toBe('NAME_INVALID');
    expect(errorStatus.NAME_INVALID).toBe(422);
  });

  it('applies to the registration, the tenant profile and a contract party', () => {
    const bad = 'Tu banco: https://evil.example/es X.';
    expect(codeOf(authenticateRequest.safeParse({ verificationToken: 'x'.repeat(20), name: bad }))).toBe(
      'NAME_INVALID',
    );
    expect(
      authenticateRequest.safeParse({ verificationToken: 'x'.repeat(20), name: 'Ana', surname: bad }).success,
    ).toBe(false);
    const personal = { birthDate: '1990-04-12', countryCode: 'ES', civilStatusCode: 'UCS001' };
    expect(personalInput.safeParse({ ...personal, name: 'Ana', surname: 'Ruiz' }).success).toBe(true);
    expect(personalInput.safeParse({ ...personal, name: 'Ana', surname: bad }).success).toBe(false);
    const party = {
      nif: '12345678Z',
      address: 'Calle Mayor 1, 28013 Madrid',
      email: null,
      phone: '600123123',
    };
    expect(contractPartyData.safeParse({ ...party, name: 'Ana', surname: 'Ruiz Pérez' }).success).toBe(true);
    expect(contractPartyData.safeParse({ ...party, name: bad, surname: 'Ruiz' }).success).toBe(false);
  });
});
