import { isSale } from '../codes';
import { formatEuros } from '../format';
import type { OfferSolvency } from '../schemas/offers';

/**
 * The solvency preview the owner reads on each offer (master list `offerAttributes.solvencyStatuses`):
 * for a rental, the monthly rent against the net monthly salary the candidate declared with the offer.
 * It is a preview, not a check: the salary is declared, not verified, and a sale depends on its
 * financing, so sales and offers without a salary stay 'Pendiente de verificar'.
 */
export const SolvencyStatus = {
  Pending: 'OSS001',
  Solvent: 'OSS002',
  SolventWithGuarantor: 'OSS003',
  Insufficient: 'OSS004',
} as const;

/** The share of the net income a rent may take and still count as affordable (35 %). */
export const affordableRentPercent = 35;

export interface SolvencyFacts {
  /** The announcement's type (a sale, else a rental: SPEC 4.1). */
  typeCode: string;
  isVisitRequest: boolean;
  /** The offer's monthly amount (0 on a visit request, which is judged by the price). */
  amount: number;
  price: number | null;
  /** Declared net monthly salary, whole euros. */
  salary: number | null;
  /** The candidate's profile has a guarantor (tenant profile issue; false until it lands). */
  hasGuarantor?: boolean;
}

export interface SolvencyOptions {
  /**
   * Whether the reasons and the ratio may show figures. An owner who has not paid reads no candidate's
   * amount, and rent = ratio × salary would tell it, so a locked offer gets the verdict without them.
   */
  showFigures: boolean;
}

const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;
const limit = `${affordableRentPercent} %`;
const declared = 'El salario lo declara el candidato con su oferta y aún no está verificado.';

export function offerSolvency(facts: SolvencyFacts, options: SolvencyOptions): OfferSolvency {
  if (isSale(facts.typeCode)) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: [
        'En una compra la solvencia depende de la financiación: revisa la forma de pago y si la hipoteca está preaprobada.',
      ],
    };
  }
  const rent = facts.isVisitRequest ? facts.price : facts.amount;
  if (facts.salary === null || facts.salary <= 0) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: ['El candidato todavía no ha indicado su salario neto mensual.'],
    };
  }
  if (rent === null || rent <= 0) {
    return {
      statusCode: SolvencyStatus.Pending,
      ratio: null,
      reasons: ['No hay un alquiler mensual con el que comparar el salario.'],
    };
  }
  const ratio = Math.round((rent / facts.salary) * 100) / 100;
  // Whole numbers, so 1.050 € of 3.000 € is exactly 35 %.
  const affordable = rent * 100 <= facts.salary * affordableRentPercent;
  const statusCode = affordable
    ? SolvencyStatus.Solvent
    : facts.hasGuarantor
      ? SolvencyStatus.SolventWithGuarantor
      : SolvencyStatus.Insufficient;
  const share = options.showFigures
    ? `El alquiler (${formatEuros(rent, true)}) es el ${percent(ratio)} del salario neto declarado (${formatEuros(facts.salary, true)}).`
    : `El alquiler ofrecido ${affordable ? 'no supera' : 'supera'} el ${limit} del salario neto declarado.`;
  const verdict = affordable
    ? `Está dentro del ${limit} recomendado.`
    : facts.hasGuarantor
      ? `Supera el ${limit} recomendado, pero cuenta con un avalista.`
      : `Supera el ${limit} recomendado: puedes pedirle un avalista o más ingresos.`;
  return {
    statusCode,
    ratio: options.showFigures ? ratio : null,
    reasons: options.showFigures ? [share, verdict, declared] : [share, declared],
  };
}
