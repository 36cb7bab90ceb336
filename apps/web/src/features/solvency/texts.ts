import { formatPercent } from '@casaoferta/domain/format';

/** Spanish texts of the solvency box on a property page (issue 11, point 5). */
export const solvencyTexts = {
  rentalTitle: 'Tu solvencia para este alquiler',
  saleTitle: 'Tu solvencia para esta compra',
  loading: 'Calculando tu solvencia…',
  loadError: 'No hemos podido calcular tu solvencia ahora.',
  retry: 'Reintentar',
  visitor: 'Inicia sesión para ver si eres solvente para este alquiler.',
  login: 'Iniciar sesión',
  status: 'Estado',
  ratio: 'Esfuerzo',
  /** The effort, of the household's income: with a guarantor, theirs counts too (domain rules/solvency.ts). */
  ratioValue: (ratio: number, withGuarantor: boolean) =>
    `${formatPercent(ratio)} de tus ingresos netos${withGuarantor ? ' y los de tu avalista' : ''}`,
  household: 'Cuentas con',
  withGuarantorBadge: 'Con avalista',
  withCoHolderBadge: 'Con co-titular',
  reasonsLabel: 'Por qué',
  completeProfile: 'Completar mi perfil',
  improve: {
    title: 'Cómo mejorarla',
    withGuarantor: (status: string) => `Con un avalista: ${status}`,
    withCoHolder: (status: string) => `Con un co-titular: ${status}`,
    addGuarantor: 'Añadir un avalista',
    addCoHolder: 'Añadir un co-titular',
  },
} as const;
