import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { offerDecisionReasonLabels } from '@casaoferta/domain/masters/offer-contract';
import { lockedCandidate, revealedSecrets } from '../test/paid-unlock';

/**
 * The paid unlock in every message (issue 22 point 2, decision 026): every template a feature writes
 * people with (each `texts.ts` or `*-texts.ts` under modules/, found on disk, so a new one joins by
 * itself), rendered for an announcement that is not paid, gives away no offer amount, no candidate's
 * surname, no phone. Each parameter gets a sample by its name; the samples are what a caller has at
 * hand about the candidate (their amount, their first name) and the lock itself (`unlocked: false`), so
 * a template that prints an amount without taking the lock fails here.
 */

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

/**
 * Texts that are not messages to the owner, and why: they stay out of this walk, and each must exist
 * (a renamed file fails here rather than slipping out of the walk unnoticed).
 */
const notMessages: Record<string, string> = {
  // The contract's wording (the PDF): it names both parties by design, and exists only for a paid
  // announcement (the draft needs the payment; contracts.test.ts).
  'contracts/document/texts.ts': 'el contrato en PDF, solo de un anuncio pagado',
  // The agents' reports and zips: the back office sees everything (decision 019).
  'back-office/downloads-texts.ts': 'los informes de los agentes',
};

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return /(^|-)texts\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const at = new Date('2026-12-20T10:00:00Z');
const firstReason = Object.keys(offerDecisionReasonLabels)[0] ?? '';

/**
 * A sample per parameter name, for an announcement that is not paid: everything a caller knows of the
 * candidate and of their offer, and the lock. A parameter this table does not know fails the test:
 * give it its sample here (and, if it carries the candidate's data, the lock with it).
 */
const samples: Record<string, (unlocked: boolean) => unknown> = {
  title: () => 'Piso luminoso en Chamberí',
  announcement: () => 'Piso luminoso en Chamberí',
  property: () => 'Piso en alquiler en Madrid',
  place: () => 'MAD-00123 (Calle de Alcalá 10)',
  p: () => ({ reference: 'MAD-00123', street: 'Calle de Alcalá', streetNumber: '10' }),
  reference: () => 'CT-2026-00042',
  link: () => 'https://casaoferta.test/property/1/offers',
  amount: () => lockedCandidate.amount,
  monthly: () => true,
  perMonth: () => true,
  unlocked: (unlocked) => unlocked,
  offers: () => [
    { amount: lockedCandidate.amount, perMonth: true, at, candidateVerified: true, isVisitRequest: false },
  ],
  reason: () => firstReason,
  endsAt: () => at,
  // A first name is what the owner sees before paying ("Laura Z."); the owner's own name is theirs.
  name: () => lockedCandidate.name,
  ownerName: () => 'Olga',
  byOwner: () => false,
  code: () => '123456',
  minutes: () => 10,
};

/** The parameter names of a function as written (the transform keeps them). */
function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const list =
    /^(?:async\s*)?(?:function\b[^(]*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^(\w+)\s*=>/.exec(source)?.[1];
  if (list === undefined) throw new Error(`no sé leer los parámetros de: ${source.slice(0, 80)}`);
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

interface Rendered {
  template: string;
  text: string;
  parameters: string[];
}

/** Every string an export gives: constants as they are, functions called with the samples. */
function render(
  name: string,
  value: unknown,
  unlocked: boolean,
  out: Rendered[],
  parameters: string[] = [],
): void {
  if (typeof value === 'string') {
    out.push({ template: name, text: value, parameters });
  } else if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const names = parameterNames(fn);
    const args = names.map((parameter) => {
      const sample = samples[parameter];
      if (!sample) throw new Error(`${name}: falta una muestra para el parámetro «${parameter}»`);
      return sample(unlocked);
    });
    render(name, fn(...args), unlocked, out, names);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value))
      render(`${name}.${key}`, inner, unlocked, out, parameters);
  }
}

async function renderAll(unlocked: boolean): Promise<Rendered[]> {
  const out: Rendered[] = [];
  for (const file of textFiles(modules)) {
    const relative = path.relative(modules, file).split(path.sep).join('/');
    if (notMessages[relative]) continue;
    const exports = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) render(`${relative}#${name}`, value, unlocked, out);
  }
  return out;
}

describe('the paid unlock in every message template', () => {
  it('finds the templates of every feature, and each exception still exists', async () => {
    const files = textFiles(modules).map((file) => path.relative(modules, file).split(path.sep).join('/'));
    expect(files).toEqual(
      expect.arrayContaining(['offers/texts.ts', 'contracts/texts.ts', 'payments/texts.ts']),
    );
    for (const excluded of Object.keys(notMessages)) expect(files).toContain(excluded);
    const rendered = await renderAll(false);
    expect(rendered.some((r) => r.template.endsWith('offerNotices.newOffer.body'))).toBe(true);
    expect(rendered.length).toBeGreaterThan(40);
  });

  it('gives away no amount, surname or phone while the announcement is not paid', async () => {
    const leaks = (await renderAll(false)).flatMap((r) =>
      revealedSecrets(r.text).map((secret) => `${r.template}: ${secret} en «${r.text}»`),
    );
    expect(leaks).toEqual([]);
  });

  it('tells the owner of a new offer how to see it, and its amount once paid', async () => {
    const { offerNotices } = await import('../modules/offers/texts');
    const locked = offerNotices.newOffer('Piso luminoso en Chamberí', 330, true, false).body;
    expect(locked).toBe(
      'Has recibido una nueva oferta en «Piso luminoso en Chamberí». Paga el anuncio para ver los importes de las ofertas y los datos de los candidatos.',
    );
    expect(offerNotices.newOffer('Piso luminoso en Chamberí', 330, true, true).body).toContain('330 €/mes');
  });

  it('the lock is the only thing between a template and the amount: once paid, those that take it show it', async () => {
    const unlocked = await renderAll(true);
    const withLock = unlocked.filter(
      (r) =>
        r.parameters.includes('unlocked') &&
        (r.parameters.includes('amount') || r.parameters.includes('offers')),
    );
    expect(withLock.length).toBeGreaterThan(0);
    const shown = new Set(
      withLock
        .filter((r) => revealedSecrets(r.text).some((s) => s.startsWith('importe')))
        .map((r) => r.template.split('.').slice(0, -1).join('.')),
    );
    expect([...shown].sort()).toEqual(
      [...new Set(withLock.map((r) => r.template.split('.').slice(0, -1).join('.')))].sort(),
    );
  });
});
