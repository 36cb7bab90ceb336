import { formatPercent } from '../format';

/** The Spanish reasons of a solvency verdict (rules/solvency.ts), in one place. */
const percent = (ratio: number): string => formatPercent(ratio);
/** A threshold in whole percent (35 → '35 %', never wrapped before its sign). */
const limitOf = (whole: number): string => formatPercent(whole / 100);

export type Audience = 'tenant' | 'owner';

/** ', contando los de tu avalista': whose incomes the figure counts besides the holders' (none: ''). */
const counting = (who: Audience, guarantors: number): string =>
  guarantors === 0
    ? ''
    : who === 'tenant'
      ? `, contando los de ${guarantors === 1 ? 'tu avalista' : 'tus avalistas'}`
      : `, contando los ${guarantors === 1 ? 'del avalista' : 'de los avalistas'}`;
/** What would make a tenant's request stronger: who has a guarantor already is told of a co-holder first. */
const helpers = (hasGuarantor: boolean): string =>
  hasGuarantor ? 'un co-titular u otro avalista' : 'un avalista o un co-titular';

export const solvencyTexts = {
  noIncome: (who: Audience) =>
    who === 'tenant'
      ? 'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.'
      : 'El candidato todavía no ha indicado sus ingresos.',
  noRent: 'No hay un alquiler mensual con el que comparar los ingresos.',
  /** `guarantors`: how many guarantors' incomes `income` counts (0: none). */
  share: (who: Audience, rent: string, ratio: number, income: string, guarantors: number) =>
    who === 'tenant'
      ? `El alquiler (${rent}) sería el ${percent(ratio)} de tus ingresos netos (${income})${counting(who, guarantors)}.`
      : `El alquiler (${rent}) es el ${percent(ratio)} de los ingresos netos declarados (${income})${counting(who, guarantors)}.`,
  shareWithoutFigures: (within: boolean, limit: number, guarantors: number) =>
    `El alquiler ofrecido ${within ? 'no supera' : 'supera'} el ${limitOf(limit)} de los ingresos netos declarados${counting('owner', guarantors)}.`,
  solvent: (who: Audience, limit: number) =>
    who === 'tenant'
      ? `Está dentro del ${limitOf(limit)} recomendado: confía en tus posibilidades.`
      : `Está dentro del ${limitOf(limit)} recomendado.`,
  tight: (who: Audience, limit: number, tightLimit: number, hasGuarantor: boolean) =>
    who === 'tenant'
      ? `Supera el ${limitOf(limit)} recomendado sin pasar del ${limitOf(tightLimit)}: puedes ofertar, pero ${helpers(hasGuarantor)} reforzaría tu solicitud.`
      : `Supera el ${limitOf(limit)} recomendado sin pasar del ${limitOf(tightLimit)}: es ajustado.`,
  insufficient: (who: Audience, tightLimit: number, hasGuarantor: boolean) =>
    who === 'tenant'
      ? `Supera el ${limitOf(tightLimit)} de tus ingresos: con ${helpers(hasGuarantor)} tu solicitud sería más sólida.`
      : `Supera el ${limitOf(tightLimit)} de los ingresos: puedes pedirle ${hasGuarantor ? 'otro avalista' : 'un avalista'} o más ingresos.`,
  withGuarantor: (who: Audience) =>
    who === 'tenant'
      ? 'Con los ingresos de tus avalistas llegas: tu solicitud es solvente con avalista.'
      : 'Es solvente gracias a los ingresos de sus avalistas.',
  bands: 'Calculado con el mínimo del tramo de ingresos de cada titular y avalista.',
  declared: (who: Audience) =>
    who === 'tenant'
      ? 'Calculado con el salario neto que declaraste con tu oferta; aún no está verificado.'
      : 'Los ingresos los declara el candidato y aún no están verificados.',
  ifCoHolder: (extra: string) =>
    `Con un co-titular que aporte al menos ${extra} netos al mes, serías solvente.`,
  ifGuarantor: (income: string) =>
    `Con un avalista que ingrese al menos ${income} netos al mes, serías solvente con avalista.`,
  saleUnknown: (who: Audience) =>
    who === 'tenant'
      ? 'En una compra, la solvencia depende de cómo pagues: al contado o con una hipoteca preaprobada.'
      : 'En una compra la solvencia depende de la financiación: revisa la forma de pago y si la hipoteca está preaprobada.',
  saleCash: 'Paga al contado: no depende de financiación.',
  /** The mortgage amount of an offer whose amounts the owner has not unlocked. */
  hiddenAmount: 'importe oculto',
  saleMortgageApproved: (mortgage: string) => `Tiene una hipoteca preaprobada (${mortgage}).`,
  saleMortgagePending: (mortgage: string) =>
    `Financia con hipoteca (${mortgage}) aún sin preaprobar: depende de que el banco la conceda.`,
};
