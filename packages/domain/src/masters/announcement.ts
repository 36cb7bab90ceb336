import {
  AnnouncementOfferType,
  AnnouncementStatus,
  AnnouncementType,
  type AnnouncementOfferTypeCode,
  type AnnouncementStatusCode,
  type AnnouncementTypeCode,
} from '../codes';
import { code, fromLabels, items, type MasterItem } from './item';

export const announcementStatusLabels: Readonly<Record<AnnouncementStatusCode, string>> = {
  [AnnouncementStatus.Draft]: 'Borrador',
  [AnnouncementStatus.Validated]: 'Publicado',
  [AnnouncementStatus.PendingValidation]: 'Pendiente de validación',
  [AnnouncementStatus.BiddingClosed]: 'Ofertas cerradas',
  [AnnouncementStatus.TenantSelected]: 'Inquilino o comprador seleccionado',
  [AnnouncementStatus.Withdrawn]: 'Retirado por el propietario',
  [AnnouncementStatus.Ended]: 'Finalizado',
  [AnnouncementStatus.Rejected]: 'Rechazado',
  [AnnouncementStatus.Closed]: 'Alquilado o vendido',
};

export const announcementTypeLabels: Readonly<Record<AnnouncementTypeCode, string>> = {
  [AnnouncementType.Unspecified]: 'Alquiler (sin especificar)',
  [AnnouncementType.RoomRental]: 'Alquiler de habitación',
  [AnnouncementType.Rental]: 'Alquiler de vivienda completa',
  [AnnouncementType.Sale]: 'Venta',
};

export const announcementOfferTypeLabels: Readonly<Record<AnnouncementOfferTypeCode, string>> = {
  [AnnouncementOfferType.Traditional]: 'Ofertas de precio',
  [AnnouncementOfferType.VisitRequestOnly]: 'Precio fijo: solo solicitudes de visita',
};

/** Publication periods of an announcement, in days. */
export const ANNOUNCEMENT_DURATION_DAYS: Readonly<Record<string, number>> = {
  ADU001: 15,
  ADU002: 30,
  ADU003: 60,
  ADU004: 90,
};

const months = (n: number): string => (n === 1 ? '1 mes' : `${n} meses`);

function monthList(prefix: string, from: number, to: number): MasterItem[] {
  const list: MasterItem[] = [];
  for (let n = from; n <= to; n++) list.push({ code: code(prefix, n), label: months(n) });
  return list;
}

export function announcementAttributes() {
  return {
    statuses: fromLabels(announcementStatusLabels),
    types: fromLabels(announcementTypeLabels),
    offerTypes: fromLabels(announcementOfferTypeLabels),
    durations: Object.entries(ANNOUNCEMENT_DURATION_DAYS).map(([key, days]) => ({
      code: key,
      label: `${days} días`,
    })),
    contractDurations: items([
      ['ACD001', 'De temporada (menos de 1 año)'],
      ['ACD002', '1 año, prorrogable según la LAU'],
      ['ACD003', '2 años'],
      ['ACD004', '3 años'],
      ['ACD005', '5 años (arrendador persona física, LAU)'],
      ['ACD006', '7 años (arrendador persona jurídica, LAU)'],
    ]),
    /** Length in months of a seasonal or room contract: AMD001 is 1 month … AMD012 is 12 months. */
    monthContractDurations: monthList('AMD', 1, 12),
    deposits: items([
      ['ADP001', '1 mes (fianza legal de vivienda)'],
      ['ADP002', '2 meses (temporada o uso distinto de vivienda)'],
      ['ADP003', 'Sin fianza'],
    ]),
    cohabitantTypes: items([
      ['ACT001', 'Persona sola'],
      ['ACT002', 'Pareja'],
      ['ACT003', 'Familia con hijos'],
      ['ACT004', 'Compañeros de piso'],
      ['ACT005', 'Estudiantes'],
      ['ACT006', 'Trabajadores'],
      ['ACT007', 'Personas mayores'],
    ]),
    responsibilityCharges: items([
      ['ARC001', 'IBI a cargo del propietario'],
      ['ARC002', 'IBI a cargo del inquilino'],
      ['ARC003', 'Gastos de comunidad a cargo del propietario'],
      ['ARC004', 'Gastos de comunidad a cargo del inquilino'],
      ['ARC005', 'Suministros incluidos en la renta'],
      ['ARC006', 'Suministros (agua, luz, gas) a cargo del inquilino'],
      ['ARC007', 'Tasa de basuras a cargo del propietario'],
      ['ARC008', 'Tasa de basuras a cargo del inquilino'],
      ['ARC009', 'Seguro de hogar a cargo del propietario'],
      ['ARC010', 'Seguro de hogar a cargo del inquilino'],
      ['ARC011', 'Pequeñas reparaciones por el uso a cargo del inquilino'],
    ]),
    registrationResidencies: items([
      ['ARR001', 'Empadronamiento permitido'],
      ['ARR002', 'Empadronamiento no permitido'],
    ]),
    /** Extra guarantee on top of the deposit: AWM000 is none, AWM001 … AWM006 are 1 to 6 months. */
    warrantyMonths: [{ code: 'AWM000', label: 'Sin garantía adicional' }, ...monthList('AWM', 1, 6)],
    petTypes: items([
      ['APT001', 'No se admiten mascotas'],
      ['APT002', 'Perros'],
      ['APT003', 'Gatos'],
      ['APT004', 'Perros y gatos'],
      ['APT005', 'Pájaros'],
      ['APT006', 'Peces'],
      ['APT007', 'Pequeños roedores'],
      ['APT008', 'Reptiles'],
      ['APT009', 'Cualquier mascota'],
    ]),
    bedTypes: items([
      ['ABT001', 'Individual (90 cm)'],
      ['ABT002', 'Individual grande (105 cm)'],
      ['ABT003', 'Doble (135 cm)'],
      ['ABT004', 'Doble (150 cm)'],
      ['ABT005', 'Extragrande (180 cm)'],
      ['ABT006', 'Litera'],
      ['ABT007', 'Sofá cama'],
      ['ABT008', 'Sin cama'],
    ]),
    genderPreferences: items([
      ['AGP001', 'Indiferente'],
      ['AGP002', 'Solo chicas'],
      ['AGP003', 'Solo chicos'],
    ]),
    lifestyles: items([
      ['ALS001', 'Tranquilo'],
      ['ALS002', 'Sociable'],
      ['ALS003', 'Estudiante'],
      ['ALS004', 'Profesional'],
      ['ALS005', 'Deportista'],
      ['ALS006', 'Madrugador'],
      ['ALS007', 'Noctámbulo'],
      ['ALS008', 'Casero'],
      ['ALS009', 'Ordenado'],
      ['ALS010', 'Viajero'],
      ['ALS011', 'No fumador'],
    ]),
    windowTypes: items([
      ['AWT001', 'Exterior'],
      ['AWT002', 'Interior'],
      ['AWT003', 'A patio de luces'],
      ['AWT004', 'Sin ventana'],
    ]),
  };
}
