/** The Spanish reasons of a solvency verdict (rules/solvency.ts), in one place. */
const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;

export type Audience = 'tenant' | 'owner';

export const solvencyTexts = {
  noIncome: (who: Audience) =>
    who === 'tenant'
      ? 'Completa tu situación laboral (tipo de contrato y tramo de ingresos) para calcular tu solvencia.'
      : 'El candidato todavía no ha indicado sus ingresos.',
  noRent: 'No hay un alquiler mensual con el que comparar los ingresos.',
  share: (who: Audience, rent: string, ratio: number, income: string) =>
    who === 'tenant'
      ? `El alquiler (${rent}) sería el ${percent(ratio)} de tus ingresos netos (${income}).`
      : `El alquiler (${rent}) es el ${percent(ratio)} de los ingresos netos declarados (${income}).`,
  shareWithoutFigures: (band: 'solvent' | 'tight' | 'insufficient', limit: number) =>
    band === 'solvent'
      ? `El alquiler ofrecido no supera el ${limit} % de los ingresos netos declarados.`
      : `El alquiler ofrecido supera el ${limit} % de los ingresos netos declarados.`,
  solvent: (who: Audience, limit: number) =>
    who === 'tenant'
      ? `Está dentro del ${limit} % recomendado: confía en tus posibilidades.`
      : `Está dentro del ${limit} % recomendado.`,
  tight: (who: Audience, limit: number, tightLimit: number) =>
    who === 'tenant'
      ? `Supera el ${limit} % recomendado sin pasar del ${tightLimit} %: puedes ofertar, pero un avalista o un co-titular reforzaría tu solicitud.`
      : `Supera el ${limit} % recomendado sin pasar del ${tightLimit} %: es ajustado.`,
  insufficient: (who: Audience, tightLimit: number) =>
    who === 'tenant'
      ? `Supera el ${tightLimit} % de tus ingresos: con un avalista o un co-titular tu solicitud sería más sólida.`
      : `Supera el ${tightLimit} % de los ingresos: puedes pedirle un avalista o más ingresos.`,
  withGuarantor: (who: Audience) =>
    who === 'tenant'
      ? 'Tus avalistas cubren el alquiler: tu solicitud es solvente con avalista.'
      : 'Cuenta con avalistas cuyos ingresos cubren el alquiler.',
  bands: 'Calculado con el mínimo del tramo de ingresos de cada titular; los avalistas se cuentan aparte.',
  declared: 'Los ingresos los declara el candidato y aún no están verificados.',
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
