import { PropertyValidationStatus, type PropertyValidationStatusCode } from '../codes';
import { code, fromLabels, items, type MasterItem } from './item';

/**
 * Countries where a property can be: Spain only. Here, not in countries.ts: the catalogue's first load
 * reads this list and needs none of the world's names.
 */
function propertyCountries(): MasterItem[] {
  return [{ code: 'ES', label: 'España' }];
}

/** Spanish labels of the property validation codes (PSG). */
export const propertyValidationStatusLabels: Readonly<Record<PropertyValidationStatusCode, string>> = {
  [PropertyValidationStatus.NotValidated]: 'Sin validar',
  [PropertyValidationStatus.Validated]: 'Validado',
  [PropertyValidationStatus.PendingValidation]: 'Pendiente de validación',
  [PropertyValidationStatus.Rejected]: 'Rechazado',
};

/** The PSG codes as a master list. */
export function propertyValidationStatuses(): MasterItem[] {
  return fromLabels(propertyValidationStatusLabels);
}

/** Sótano, semisótano, bajo, entreplanta, 1ª to 20ª planta and above. */
function floors(): MasterItem[] {
  const list = items([
    ['PFL001', 'Sótano'],
    ['PFL002', 'Semisótano'],
    ['PFL003', 'Bajo'],
    ['PFL004', 'Entreplanta'],
  ]);
  for (let floor = 1; floor <= 20; floor++)
    list.push({ code: code('PFL', floor + 4), label: `${floor}ª planta` });
  list.push({ code: 'PFL025', label: 'Planta 21ª o superior' });
  return list;
}

/** Letters A–G plus "En trámite" and "Exento", for the energy and the emission rating. */
function certifications(prefix: string): MasterItem[] {
  const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((letter, i) => ({
    code: code(prefix, i + 1),
    label: letter,
  }));
  return [
    ...letters,
    { code: code(prefix, 8), label: 'En trámite' },
    { code: code(prefix, 9), label: 'Exento' },
  ];
}

/** Additional features (PAF), on their own so the catalogue's filters need not build every list. */
export function additionalFeatures(): MasterItem[] {
  return items([
    ['PAF001', 'Ascensor'],
    ['PAF002', 'Terraza'],
    ['PAF003', 'Balcón'],
    ['PAF004', 'Plaza de garaje'],
    ['PAF005', 'Trastero'],
    ['PAF006', 'Piscina'],
    ['PAF007', 'Jardín'],
    ['PAF008', 'Aire acondicionado'],
    ['PAF009', 'Calefacción'],
    ['PAF010', 'Armarios empotrados'],
    ['PAF011', 'Accesible para personas con movilidad reducida'],
    ['PAF012', 'Amueblado'],
    ['PAF013', 'Cocina equipada'],
    ['PAF014', 'Conserje'],
    ['PAF015', 'Zonas verdes comunitarias'],
    ['PAF016', 'Chimenea'],
    ['PAF017', 'Suelo radiante'],
    ['PAF018', 'Puerta blindada'],
    ['PAF019', 'Alarma'],
    ['PAF020', 'Lavadero'],
    ['PAF021', 'Gimnasio'],
    ['PAF022', 'Paneles solares'],
    ['PAF023', 'Fibra óptica'],
    ['PAF024', 'Vistas al mar'],
  ]);
}

export function propertyAttributes() {
  return {
    propertyCountries: propertyCountries(),
    propertyTypes: items([
      ['PTY001', 'Piso'],
      ['PTY002', 'Apartamento'],
      ['PTY003', 'Ático'],
      ['PTY004', 'Dúplex'],
      ['PTY005', 'Tríplex'],
      ['PTY006', 'Estudio'],
      ['PTY007', 'Loft'],
      ['PTY008', 'Casa o chalet independiente'],
      ['PTY009', 'Chalet adosado'],
      ['PTY010', 'Chalet pareado'],
      ['PTY011', 'Casa rústica'],
      ['PTY012', 'Casa de pueblo'],
      ['PTY013', 'Bungalow'],
      ['PTY014', 'Planta baja con jardín'],
    ]),
    /** State of conservation of the property. */
    status: items([
      ['PST001', 'Obra nueva'],
      ['PST002', 'Reformado'],
      ['PST003', 'Buen estado'],
      ['PST004', 'A reformar'],
    ]),
    /** Filled by the API from the INE database. */
    provinces: [] as MasterItem[],
    floors: floors(),
    blocks: items([
      ['PBL001', 'Sin escalera ni bloque'],
      ['PBL002', 'Escalera A'],
      ['PBL003', 'Escalera B'],
      ['PBL004', 'Escalera C'],
      ['PBL005', 'Escalera D'],
      ['PBL006', 'Escalera E'],
      ['PBL007', 'Escalera F'],
      ['PBL008', 'Escalera derecha'],
      ['PBL009', 'Escalera izquierda'],
      ['PBL010', 'Escalera interior'],
      ['PBL011', 'Escalera exterior'],
      ['PBL012', 'Bloque 1'],
      ['PBL013', 'Bloque 2'],
      ['PBL014', 'Bloque 3'],
      ['PBL015', 'Bloque 4'],
      ['PBL016', 'Bloque 5'],
      ['PBL017', 'Bloque 6'],
    ]),
    orientations: items([
      ['POR001', 'Norte'],
      ['POR002', 'Sur'],
      ['POR003', 'Este'],
      ['POR004', 'Oeste'],
      ['POR005', 'Noreste'],
      ['POR006', 'Noroeste'],
      ['POR007', 'Sureste'],
      ['POR008', 'Suroeste'],
    ]),
    energyCertifications: certifications('PEC'),
    emissionCertifications: certifications('PEM'),
    additionalFeatures: additionalFeatures(),
    roomTypes: items([
      ['PRT001', 'Individual'],
      ['PRT002', 'Doble'],
      ['PRT003', 'Suite con baño propio'],
    ]),
    /** Number of storeys (plantas) of the home. */
    stages: items([
      ['PPL001', 'Una planta'],
      ['PPL002', 'Dos plantas'],
      ['PPL003', 'Tres plantas'],
      ['PPL004', 'Cuatro plantas o más'],
    ]),
    protectedHousingTypes: items([
      ['PPH001', 'Vivienda libre (no protegida)'],
      ['PPH002', 'VPO de régimen general'],
      ['PPH003', 'VPO de régimen especial'],
      ['PPH004', 'Vivienda de precio tasado'],
      ['PPH005', 'Vivienda de protección autonómica'],
    ]),
  };
}
