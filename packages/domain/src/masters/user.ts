import { DocumentKind, type DocumentKindCode } from '../codes';
import { code, fromLabels, items, type MasterItem } from './item';
import { countries } from './countries';

const thousands = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });

/** Net monthly salary bands in euros, covering the 300–10.000 €/mes bounds of SPEC 9. */
const SALARY_BANDS: readonly (readonly [number, number])[] = [
  [300, 600],
  [600, 900],
  [900, 1200],
  [1200, 1500],
  [1500, 2000],
  [2000, 2500],
  [2500, 3000],
  [3000, 4000],
  [4000, 5000],
  [5000, 7500],
  [7500, 10000],
];

/**
 * The bands behind `userRenterSalaryRange`, in euros net per month. A salary belongs to the band with
 * min <= salary < max; the last band also takes 10.000 itself.
 */
export const SALARY_RANGES: readonly { code: string; min: number; max: number }[] = SALARY_BANDS.map(
  ([min, max], i) => ({ code: code('URS', i + 1), min, max }),
);

/** Code of the band a net monthly salary falls in, or undefined outside 300–10.000 €. */
export function salaryRangeFor(salary: number): string | undefined {
  const last = SALARY_RANGES.at(-1);
  if (last !== undefined && salary === last.max) return last.code;
  return SALARY_RANGES.find((range) => salary >= range.min && salary < range.max)?.code;
}

function salaryRanges(): MasterItem[] {
  return SALARY_RANGES.map((range) => ({
    code: range.code,
    label: `De ${thousands.format(range.min)} € a ${thousands.format(range.max)} € netos/mes`,
  }));
}

export const documentKindLabels: Readonly<Record<DocumentKindCode, string>> = {
  [DocumentKind.Identity]: 'Documento de identidad',
  [DocumentKind.Payslips]: 'Nóminas',
  [DocumentKind.WorkContract]: 'Contrato de trabajo',
  [DocumentKind.TaxReturn]: 'Declaración de la renta',
  [DocumentKind.BankStatements]: 'Extractos bancarios',
  [DocumentKind.Other]: 'Otro documento',
};

export function userAttributes() {
  return {
    userRenterTypeContract: items([
      ['UTC001', 'Indefinido'],
      ['UTC002', 'Temporal'],
      ['UTC003', 'Fijo discontinuo'],
      ['UTC004', 'Autónomo'],
      ['UTC005', 'Funcionario'],
      ['UTC006', 'Pensionista'],
      ['UTC007', 'Estudiante'],
      ['UTC008', 'Desempleado'],
      ['UTC009', 'Otro'],
    ]),
    userRenterSalaryRange: salaryRanges(),
    userRenterCivilStatus: items([
      ['UCS001', 'Soltero/a'],
      ['UCS002', 'Casado/a'],
      ['UCS003', 'Pareja de hecho'],
      ['UCS004', 'Separado/a'],
      ['UCS005', 'Divorciado/a'],
      ['UCS006', 'Viudo/a'],
    ]),
    gender: items([
      ['UGE001', 'Hombre'],
      ['UGE002', 'Mujer'],
      ['UGE003', 'No binario'],
      ['UGE004', 'Prefiero no indicarlo'],
    ]),
    userTypes: items([
      ['UTY001', 'Particular'],
      ['UTY002', 'Empresa'],
    ]),
    countries: countries(),
    documentKinds: fromLabels(documentKindLabels),
  };
}
