import {
  ContractStatus,
  OfferDecisionReason,
  OfferPaymentType,
  SolvencyStatus,
  type OfferDecisionReasonCode,
  type SolvencyStatusCode,
  OfferStatus,
  type ContractStatusCode,
  type OfferPaymentTypeCode,
  type OfferStatusCode,
} from '../codes';
import { fromLabels, items } from './item';

export const offerStatusLabels: Readonly<Record<OfferStatusCode, string>> = {
  [OfferStatus.Pending]: 'Pendiente de enviar',
  [OfferStatus.Sent]: 'Enviada',
  [OfferStatus.Selected]: 'Seleccionada',
  [OfferStatus.Withdrawn]: 'Retirada',
  [OfferStatus.NotSelected]: 'No seleccionada',
  [OfferStatus.Ended]: 'Finalizada',
};

export const offerDecisionReasonLabels: Readonly<Record<OfferDecisionReasonCode, string>> = {
  [OfferDecisionReason.AnotherCandidate]: 'Ha elegido a otro candidato',
  [OfferDecisionReason.Price]: 'El precio ofrecido',
  [OfferDecisionReason.Solvency]: 'La solvencia',
  [OfferDecisionReason.NoLongerAvailable]: 'El inmueble ya no está disponible',
};

export const solvencyStatusLabels: Readonly<Record<SolvencyStatusCode, string>> = {
  [SolvencyStatus.Pending]: 'Sin evaluar',
  [SolvencyStatus.Solvent]: 'Solvente',
  [SolvencyStatus.SolventWithGuarantor]: 'Solvente con avalista',
  [SolvencyStatus.Insufficient]: 'Solvencia insuficiente',
  [SolvencyStatus.Tight]: 'Solvencia ajustada',
};

export const offerPaymentTypeLabels: Readonly<Record<OfferPaymentTypeCode, string>> = {
  [OfferPaymentType.Cash]: 'Al contado',
  [OfferPaymentType.Mortgage]: 'Hipoteca',
};

export const contractStatusLabels: Readonly<Record<ContractStatusCode, string>> = {
  [ContractStatus.Draft]: 'Borrador',
  [ContractStatus.OwnerDataDone]: 'Datos del propietario completados',
  [ContractStatus.TenantDataDone]: 'Datos del inquilino completados',
  [ContractStatus.SentToSign]: 'Enviado a firma',
  [ContractStatus.Signed]: 'Firmado',
  [ContractStatus.Cancelled]: 'Cancelado',
};

export function ownerAttributes() {
  return {
    personTypes: items([
      ['OWP001', 'Persona física'],
      ['OWP002', 'Persona jurídica'],
    ]),
  };
}

export function offerAttributes() {
  return {
    statuses: fromLabels(offerStatusLabels),
    solvencyStatuses: fromLabels(solvencyStatusLabels),
    reasonsPurchase: items([
      ['ORP001', 'Vivienda habitual'],
      ['ORP002', 'Segunda residencia'],
      ['ORP003', 'Inversión para alquilar'],
      ['ORP004', 'Inversión para revender'],
      ['ORP005', 'Vivienda para un familiar'],
      ['ORP006', 'Uso profesional o despacho'],
      ['ORP007', 'Otro motivo'],
    ]),
    paymentTypes: fromLabels(offerPaymentTypeLabels),
    decisionReasons: fromLabels(offerDecisionReasonLabels),
  };
}

export function contractAttributes() {
  return {
    statuses: fromLabels(contractStatusLabels),
    conditions: items([
      ['CCO001', 'Renta actualizada cada año según el índice de referencia'],
      ['CCO002', 'Subarriendo no permitido'],
      ['CCO003', 'Prohibido fumar en la vivienda'],
      ['CCO004', 'Se admiten mascotas'],
      ['CCO005', 'Obras solo con autorización del propietario'],
      ['CCO006', 'Inventario de mobiliario anexo al contrato'],
      ['CCO007', 'Desistimiento tras 6 meses con 30 días de preaviso'],
      ['CCO008', 'Entrega de llaves a la firma del contrato'],
    ]),
    paymentTypes: items([
      ['CPT001', 'Transferencia bancaria'],
      ['CPT002', 'Domiciliación bancaria (SEPA)'],
      ['CPT003', 'Tarjeta'],
      ['CPT004', 'Bizum'],
      ['CPT005', 'Efectivo'],
    ]),
  };
}
