import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { offerDecisionReasonLabels } from '@casaoferta/domain/masters/offer-contract';
import { lockedCandidate } from './paid-unlock';

/**
 * Every template a feature writes people with (each `texts.ts` or `*-texts.ts` under modules/, found on
 * disk, so a new one joins by itself), rendered with a sample per parameter name. Used by the tests that
 * read all messages at once: the paid unlock (platform/paid-unlock-templates.test.ts) and the Spanish of
 * the notices (platform/notice-texts.test.ts).
 */

export const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

/**
 * Texts that are not messages to the owner, and why: they stay out of the walk, and each must exist
 * (a renamed file fails the tests rather than slipping out of the walk unnoticed).
 */
export const notMessages: Record<string, string> = {
  // The contract's wording (the PDF): it names both parties by design, and exists only for a paid
  // announcement (the draft needs the payment; contracts.test.ts).
  'contracts/document/texts.ts': 'el contrato en PDF, solo de un anuncio pagado',
  // The agents' reports and zips: the back office sees everything (decision 019).
  'back-office/downloads-texts.ts': 'los informes de los agentes',
  // The contact data an agent receives at their own address ('Recibir datos de contacto', SPEC 6): it
  // names everyone in full by design, and the owner gets nothing (back-office/contact-data.test.ts).
  'back-office/contact-data-texts.ts': 'los datos de contacto que recibe un agente',
};

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return /(^|-)texts\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The texts files under modules/, as paths relative to it ('offers/texts.ts'). */
export const templateFiles = (): string[] =>
  textFiles(modulesDir).map((file) => path.relative(modulesDir, file).split(path.sep).join('/'));

const at = new Date('2026-12-20T10:00:00Z');
const firstReason = Object.keys(offerDecisionReasonLabels)[0] ?? '';

/** A parameter's sample, given whether the announcement is paid and the texts file it is for. */
export type Sample = (unlocked: boolean, file: string) => unknown;

/**
 * A sample per parameter name, for an announcement that is not paid (or paid, by `unlocked`):
 * everything a caller knows of the candidate and of their offer, and the lock. A parameter this table
 * does not know fails the tests: give it its sample here (and, if it carries the candidate's data, the
 * lock with it).
 */
export const samples: Record<string, Sample> = {
  title: () => 'Piso luminoso en Chamberí',
  announcement: () => 'Piso luminoso en Chamberí',
  property: () => 'Piso en alquiler en Madrid',
  place: () => 'MAD-00123 (Calle de Alcalá 10)',
  p: () => ({ reference: 'MAD-00123', street: 'Calle de Alcalá', streetNumber: '10' }),
  reference: () => 'CT-2026-00042',
  link: () => 'https://casaoferta.test/property/1/offers',
  amount: () => lockedCandidate.amount,
  // A favourite's alert (alerts/, decision 037): public prices and links only.
  price: () => 1150,
  oldPrice: () => 1200,
  newPrice: () => 1150,
  photo: () => 'https://casaoferta.test/media/abc-card.webp',
  unsubscribe: () => 'https://casaoferta.test/unsubscribe?token=t&kind=favourites',
  monthly: () => true,
  perMonth: () => true,
  unlocked: (unlocked) => unlocked,
  offers: () => [
    { amount: lockedCandidate.amount, perMonth: true, at, candidateVerified: true, isVisitRequest: false },
  ],
  // A code of the offer's decision in offers/, an agent's own words elsewhere (validation/).
  reason: (_unlocked, file) =>
    file.startsWith('offers/') ? firstReason : 'Las fotos no corresponden al inmueble',
  // An agent's words on the announcement decided with its property (issue 23 point 6).
  announcementReason: () => 'El precio no es el de la vivienda.',
  endsAt: () => at,
  // A first name is what the owner sees before paying ("Laura Z."); the owner's own name is theirs.
  name: () => lockedCandidate.name,
  ownerName: () => 'Olga',
  byOwner: () => false,
  code: () => '123456',
  minutes: () => 10,
  // An invoice's page and its number of pages; the VAT's percent (payments/, issue 28).
  page: () => 1,
  pages: () => 2,
  percent: () => 21,
  step: () => 'followOffers',
  // What an e-mail's missing attachment was (delivery/, the reason a failed delivery records).
  kind: () => 'invoice',
  id: () => '5f0c6a52-3f7e-4c1e-9d1a-2b8e4f6a7c90',
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

export interface Rendered {
  template: string;
  text: string;
  parameters: string[];
}

interface RenderContext {
  unlocked: boolean;
  file: string;
  table: Record<string, Sample>;
  out: Rendered[];
}

/** Every string an export gives: constants as they are, functions called with the samples. */
function render(name: string, value: unknown, context: RenderContext, parameters: string[] = []): void {
  if (typeof value === 'string') {
    context.out.push({ template: name, text: value, parameters });
  } else if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const names = parameterNames(fn);
    const args = names.map((parameter) => {
      const sample = context.table[parameter];
      if (!sample) throw new Error(`${name}: falta una muestra para el parámetro «${parameter}»`);
      return sample(context.unlocked, context.file);
    });
    render(name, fn(...args), context, names);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) render(`${name}.${key}`, inner, context, parameters);
  }
}

/**
 * Every message template rendered, for an announcement paid (`unlocked`) or not; `overrides` replaces
 * some samples (people's own words that end in a full stop, for instance).
 */
export async function renderTemplates(
  unlocked: boolean,
  overrides: Record<string, Sample> = {},
): Promise<Rendered[]> {
  const out: Rendered[] = [];
  const table = { ...samples, ...overrides };
  for (const file of templateFiles()) {
    if (notMessages[file]) continue;
    const exports = (await import(path.join(modulesDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      render(`${file}#${name}`, value, { unlocked, file, table, out });
  }
  return out;
}
