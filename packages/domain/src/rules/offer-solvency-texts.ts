/** The Spanish reasons of the solvency preview (rules/offer-solvency.ts), in one place. */
const percent = (ratio: number): string => `${Math.round(ratio * 100)} %`;

export const solvencyTexts = {
  sale: 'En una compra la solvencia depende de la financiación: revisa la forma de pago y si la hipoteca está preaprobada.',
  noSalary: 'El candidato todavía no ha indicado su salario neto mensual.',
  noRent: 'No hay un alquiler mensual con el que comparar el salario.',
  declared: 'El salario lo declara el candidato con su oferta y aún no está verificado.',
  share: (rent: string, ratio: number, salary: string) =>
    `El alquiler (${rent}) es el ${percent(ratio)} del salario neto declarado (${salary}).`,
  shareWithoutFigures: (affordable: boolean, limit: number) =>
    `El alquiler ofrecido ${affordable ? 'no supera' : 'supera'} el ${limit} % del salario neto declarado.`,
  affordable: (limit: number) => `Está dentro del ${limit} % recomendado.`,
  withGuarantor: (limit: number) => `Supera el ${limit} % recomendado, pero cuenta con un avalista.`,
  insufficient: (limit: number) =>
    `Supera el ${limit} % recomendado: puedes pedirle un avalista o más ingresos.`,
};
