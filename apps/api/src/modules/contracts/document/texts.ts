import { ArrasType, arrasTypeLabels, type ArrasTypeCode } from '@casaoferta/domain/rules/arras';
import type { ContractDocumentData, ContractParty, RentalTerms, SaleTerms } from './types';
import { countWords, euros, integerWords, longDate, phoneText } from './words';

/**
 * The wording of the contracts (issue 13), filled from the data: a home rental under the LAU (Ley
 * 29/1994, art. 2, vivienda habitual), a room rental (not a whole home: the parties' agreement and the
 * Civil Code, arts. 1.542 and following), and a sale's arras contract (a private purchase agreement) with
 * the arras the announcement stated (issue 23): penitenciales (art. 1.454 of the Civil Code),
 * confirmatorias (art. 1.124) or penales (arts. 1.152 and following). Nothing is left to fill by hand: an optional fact (a cadastral
 * reference, an e-mail) is omitted with the words around it.
 */

export interface Clause {
  title: string;
  paragraphs: string[];
}

export interface ContractText {
  title: string;
  subtitle: string[];
  /** REUNIDOS: one paragraph per party, and the closing line. */
  parties: string[];
  /** EXPONEN. */
  recitals: string[];
  clauses: Clause[];
  closing: string[];
  /** The two signature blocks at the end: role and name. */
  signatures: { role: string; name: string }[];
  annexTitle: string;
  annexIntro: string;
  photoCaption: (index: number, count: number) => string;
  footer: string;
}

export const headings = {
  parties: 'REUNIDOS',
  recitals: 'EXPONEN',
  clauses: 'CLÁUSULAS',
  signedElectronically: 'Firmado electrónicamente (véase la hoja de firmas)',
} as const;

export const pageLabel = (page: number, pages: number): string => `Página ${page} de ${pages}`;

const ORDINALS = [
  'PRIMERA',
  'SEGUNDA',
  'TERCERA',
  'CUARTA',
  'QUINTA',
  'SEXTA',
  'SÉPTIMA',
  'OCTAVA',
  'NOVENA',
  'DÉCIMA',
  'UNDÉCIMA',
  'DUODÉCIMA',
  'DECIMOTERCERA',
  'DECIMOCUARTA',
  'DECIMOQUINTA',
];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** "ES91 2100 0418 4502 0005 1332". */
export const ibanText = (iban: string): string =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/** The day before the same day `months` later (clamped to the month's end): a term's last day. */
export function termEnd(startDate: string, months: number): string {
  const [year, month, day] = startDate.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return startDate;
  const targetMonth = month - 1 + months;
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

function propertyText(data: ContractDocumentData): string {
  const p = data.property;
  const place = [p.postalCode, p.municipality].filter(Boolean).join(' ');
  let text = `${p.address}, ${place} (${p.province})`;
  if (p.cadastralReference) text += `, con referencia catastral ${p.cadastralReference}`;
  if (p.surfaceM2 !== null && p.surfaceM2 > 0) text += `, de ${p.surfaceM2} m² de superficie`;
  if (p.rooms !== null && p.rooms > 0) {
    text += `, con ${countWords(p.rooms)} ${plural(p.rooms, 'dormitorio', 'dormitorios')}`;
  }
  return text;
}

function partyText(opening: string, party: ContractParty, role: string): string {
  const contact = [
    party.email ? `correo electrónico ${party.email}` : null,
    `teléfono ${phoneText(party.phone)}`,
  ]
    .filter(Boolean)
    .join(' y ');
  return `${opening}, D./D.ª ${party.fullName}, mayor de edad, con NIF ${party.nif}, con domicilio a efectos de notificaciones en ${party.address}, ${contact}, que interviene en su propio nombre y derecho, en adelante «${role}».`;
}

function noticesClause(data: ContractDocumentData, roles: [string, string]): string[] {
  const emails = [
    data.owner.email ? `${data.owner.email} (${roles[0].toLowerCase()})` : null,
    data.tenant.email ? `${data.tenant.email} (${roles[1].toLowerCase()})` : null,
  ].filter((value): value is string => value !== null);
  const lines = [
    'Las partes señalan como domicilios a efectos de notificaciones los indicados en el encabezamiento. Cualquier cambio de domicilio deberá comunicarse a la otra parte por escrito.',
  ];
  if (emails.length > 0) {
    lines.push(
      `Serán igualmente válidas las comunicaciones dirigidas a ${plural(emails.length, 'la dirección', 'las direcciones')} de correo electrónico ${emails.join(' y ')}, siempre que quede constancia de su envío y recepción.`,
    );
  }
  return lines;
}

function conditionsClause(conditions: readonly string[]): string[] {
  if (conditions.length === 0) return ['Las partes no pactan condiciones particulares adicionales.'];
  return [
    'Las partes acuerdan, además, las siguientes condiciones particulares:',
    ...conditions.map((label, i) => `${LETTERS[i % LETTERS.length] ?? '-'}) ${label}.`.replace(/\.\.$/, '.')),
  ];
}

const electronicSignature = (): Clause => ({
  title: 'Firma electrónica',
  paragraphs: [
    'Las partes firman este contrato electrónicamente en la plataforma Casaoferta, escribiendo su nombre completo y el código de un solo uso enviado por SMS a su teléfono. La hoja de firmas anexa recoge, para cada parte, su nombre, su NIF, la fecha y hora de la firma, la dirección IP desde la que firmó y la huella SHA-256 del documento firmado. El documento firmado queda sellado con el certificado electrónico de la plataforma, de modo que cualquier alteración posterior es detectable.',
  ],
});

function rentalClauses(data: ContractDocumentData, terms: RentalTerms, room: boolean): Clause[] {
  const thing = room ? 'la habitación' : 'la vivienda';
  const end = termEnd(terms.startDate, terms.durationMonths);
  const deposit = terms.depositMonths * data.amount;
  const guarantee = terms.guaranteeMonths * data.amount;
  const hasPhotos = data.inventoryPhotos.length > 0;
  const transfer = terms.iban
    ? ` en la cuenta con IBAN ${ibanText(terms.iban)}, de la que es titular la parte arrendadora`
    : '';

  const object: Clause = room
    ? {
        title: 'Objeto y destino',
        paragraphs: [
          `La parte arrendadora arrienda a la parte arrendataria, que acepta, ${data.property.roomName ? `la habitación «${data.property.roomName}»` : 'una habitación'} de la vivienda descrita en el expositivo I, para su uso privativo como alojamiento de la parte arrendataria, con derecho al uso compartido de las zonas comunes de la vivienda (cocina, baño, salón y demás servicios) en las condiciones de una convivencia ordenada.`,
          'La parte arrendataria no podrá ceder ni subarrendar la habitación, ni alojar en ella a otras personas, sin el consentimiento escrito de la parte arrendadora.',
        ],
      }
    : {
        title: 'Objeto y destino',
        paragraphs: [
          'La parte arrendadora arrienda a la parte arrendataria, que acepta, la vivienda descrita en el expositivo I, que esta destinará a satisfacer su necesidad permanente de vivienda y la de su familia (artículo 2 de la LAU), sin que pueda destinarla a otro uso.',
          'La parte arrendataria no podrá ceder el contrato ni subarrendar la vivienda, total o parcialmente, sin el consentimiento escrito de la parte arrendadora (artículo 8 de la LAU).',
        ],
      };

  const durationText = `El contrato entra en vigor el ${longDate(terms.startDate)} y tendrá una duración de ${countWords(terms.durationMonths)} ${plural(terms.durationMonths, 'mes', 'meses')}, hasta el ${longDate(end)}.`;
  const duration: Clause = room
    ? {
        title: 'Duración',
        paragraphs: [
          durationText,
          'Si a su término la parte arrendataria continúa en el uso de la habitación durante quince días con la aquiescencia de la parte arrendadora, se entenderá prorrogado por meses (tácita reconducción, artículos 1.566 y 1.581 del Código Civil); cualquiera de las partes podrá entonces darlo por terminado comunicándolo a la otra con al menos treinta días de antelación.',
          'La parte arrendataria podrá desistir del contrato en cualquier momento comunicándolo a la parte arrendadora con al menos treinta días de antelación.',
        ],
      }
    : {
        title: 'Duración y prórrogas',
        paragraphs: [
          durationText,
          ...(terms.durationMonths < 60
            ? [
                'Llegado el día de vencimiento, el contrato se prorrogará obligatoriamente por plazos anuales hasta que alcance una duración mínima de cinco años, o de siete años si la parte arrendadora fuese persona jurídica, salvo que la parte arrendataria manifieste a la parte arrendadora, con al menos treinta días de antelación a la fecha de terminación del contrato o de cualquiera de sus prórrogas, su voluntad de no renovarlo (artículo 9 de la LAU).',
              ]
            : []),
          'Llegada la fecha de vencimiento del contrato, o de cualquiera de sus prórrogas, una vez transcurridos como mínimo cinco años de duración (siete si la parte arrendadora fuese persona jurídica), si ninguna de las partes hubiese notificado a la otra, al menos con cuatro meses de antelación en el caso de la parte arrendadora y al menos con dos meses de antelación en el caso de la parte arrendataria, su voluntad de no renovarlo, el contrato se prorrogará obligatoriamente por plazos anuales hasta un máximo de tres años más (artículo 10 de la LAU).',
          'La parte arrendataria podrá desistir del contrato una vez transcurridos al menos seis meses, siempre que lo comunique a la parte arrendadora con una antelación mínima de treinta días (artículo 11 de la LAU).',
        ],
      };

  const rent: Clause = {
    title: 'Renta y forma de pago',
    paragraphs: [
      `La renta mensual es de ${euros(data.amount)}. La parte arrendataria la pagará por meses anticipados, a más tardar el día ${integerWords(terms.paymentDay)} (${terms.paymentDay}) de cada mes.`,
      `Forma de pago: ${terms.paymentMethod}${transfer}. La parte arrendadora entregará a la parte arrendataria justificante de cada pago${room ? '' : ' (artículo 17.4 de la LAU)'}.`,
      'Si el contrato no entra en vigor el día uno de un mes, la renta de ese primer mes se calculará en proporción a los días de vigencia.',
    ],
  };

  const update: Clause = {
    title: 'Actualización de la renta',
    paragraphs: [
      room
        ? 'La renta se actualizará cada año de vigencia del contrato, en la fecha en que se cumpla cada anualidad, aplicando la variación anual del Índice de Precios de Consumo publicado por el Instituto Nacional de Estadística. La parte arrendadora comunicará la nueva renta por escrito con al menos un mes de antelación.'
        : 'La renta se actualizará cada año de vigencia del contrato, en la fecha en que se cumpla cada anualidad, aplicando la variación del índice de referencia que establezca la normativa vigente para los arrendamientos de vivienda, sin que el incremento pueda superar el que resulte de dicho índice (artículo 18 de la LAU). La parte arrendadora notificará la renta actualizada por escrito, indicando el cálculo, con al menos un mes de antelación.',
    ],
  };

  const guaranteeLine =
    terms.guaranteeMonths > 0
      ? `Además, en garantía del cumplimiento de sus obligaciones, la parte arrendataria entrega a la parte arrendadora una garantía adicional de ${euros(guarantee)}, equivalente a ${countWords(terms.guaranteeMonths, 'feminine')} ${plural(terms.guaranteeMonths, 'mensualidad', 'mensualidades')} de renta${room ? '' : ' (artículo 36.5 de la LAU)'}, que se devolverá en las mismas condiciones que la fianza.`
      : 'No se pacta ninguna garantía adicional a la fianza.';
  const security: Clause = {
    title: room ? 'Fianza y garantía adicional' : 'Fianza legal y garantía adicional',
    paragraphs: [
      room
        ? `A la firma de este contrato, la parte arrendataria entrega a la parte arrendadora ${euros(deposit)}, equivalente a ${countWords(terms.depositMonths, 'feminine')} ${plural(terms.depositMonths, 'mensualidad', 'mensualidades')} de renta, en concepto de fianza, que le será devuelta a la finalización del contrato, una vez entregadas las llaves, deducidas en su caso las cantidades que adeude o los daños causados.`
        : `A la firma de este contrato, la parte arrendataria entrega a la parte arrendadora ${euros(deposit)}, equivalente a ${countWords(terms.depositMonths, 'feminine')} ${plural(terms.depositMonths, 'mensualidad', 'mensualidades')} de renta, en concepto de fianza legal (artículo 36.1 de la LAU), que la parte arrendadora depositará en el organismo que corresponda de su comunidad autónoma. La fianza no se actualizará durante los cinco primeros años de duración del contrato (siete si la parte arrendadora fuese persona jurídica). Se devolverá en el plazo de un mes desde la entrega de las llaves, deducidas en su caso las cantidades que la parte arrendataria adeude; pasado ese plazo, devengará el interés legal (artículo 36.4 de la LAU).`,
      guaranteeLine,
    ],
  };

  const expenses: Clause = room
    ? {
        title: 'Gastos y suministros',
        paragraphs: [
          'Los gastos de comunidad, los tributos que graven la vivienda, incluido el Impuesto sobre Bienes Inmuebles, y los seguros del inmueble serán de cuenta de la parte arrendadora.',
          'Salvo acuerdo escrito distinto entre las partes, los suministros de la vivienda (agua, electricidad, gas y acceso a internet) se entienden incluidos en la renta.',
        ],
      }
    : {
        title: 'Gastos y suministros',
        paragraphs: [
          'Los gastos generales para el adecuado sostenimiento del inmueble, sus servicios, tributos, incluido el Impuesto sobre Bienes Inmuebles, cargas y responsabilidades no susceptibles de individualización serán de cuenta de la parte arrendadora.',
          'Los suministros que se individualicen mediante contadores (agua, electricidad, gas, telecomunicaciones) serán de cuenta de la parte arrendataria desde la entrada en vigor del contrato (artículo 20 de la LAU). Los gastos de gestión inmobiliaria y de formalización del contrato serán de cuenta de la parte arrendadora cuando esta sea persona jurídica (artículo 20.1 de la LAU).',
        ],
      };

  const care: Clause = {
    title: 'Conservación, reparaciones y obras',
    paragraphs: [
      room
        ? 'La parte arrendadora realizará las reparaciones necesarias para conservar la habitación y las zonas comunes en condiciones de servir al uso convenido (artículo 1.554 del Código Civil). Las pequeñas reparaciones que exija el desgaste por el uso ordinario de la habitación serán de cuenta de la parte arrendataria.'
        : 'La parte arrendadora realizará, sin derecho a elevar la renta, las reparaciones necesarias para conservar la vivienda en las condiciones de habitabilidad que sirvan al uso convenido (artículo 21 de la LAU). Las pequeñas reparaciones que exija el desgaste por el uso ordinario de la vivienda serán de cuenta de la parte arrendataria (artículo 21.4 de la LAU).',
      `La parte arrendataria no podrá realizar obras en ${thing} sin el consentimiento expreso y por escrito de la parte arrendadora${room ? '' : ' (artículo 23 de la LAU)'}. Al término del contrato, devolverá ${thing} en el estado en que la recibió, salvo el deterioro causado por el tiempo o el uso ordinario.`,
    ],
  };

  const furnishing: Clause = {
    title: 'Mobiliario y animales de compañía',
    paragraphs: [
      terms.furnished
        ? `${room ? 'La habitación' : 'La vivienda'} se arrienda amueblada, con el mobiliario y los enseres que en ella se encuentran a la firma de este contrato${hasPhotos ? ', cuyo estado se documenta en el inventario fotográfico del Anexo I' : ''}, que la parte arrendataria declara conocer y se obliga a conservar.`
        : `${room ? 'La habitación' : 'La vivienda'} se arrienda sin amueblar${hasPhotos ? '; su estado se documenta en el inventario fotográfico del Anexo I' : ''}.`,
      terms.petsAllowed
        ? `Se permite la tenencia de animales de compañía en ${thing}, siendo la parte arrendataria responsable de los daños y molestias que causen.`
        : `No se permite la tenencia de animales de compañía en ${thing} sin el consentimiento escrito de la parte arrendadora.`,
    ],
  };

  const law: Clause = {
    title: 'Régimen jurídico y jurisdicción',
    paragraphs: [
      room
        ? `Este contrato tiene por objeto una habitación y no una vivienda completa, por lo que no le es aplicable el régimen de los arrendamientos de vivienda del artículo 2 de la LAU: se rige por lo pactado y, en lo no previsto, por los artículos 1.542 y siguientes del Código Civil. Para resolver cualquier controversia, las partes se someten a los Juzgados y Tribunales de ${data.property.municipality}, donde se encuentra la vivienda.`
        : `Este contrato se rige por lo pactado, por lo dispuesto en el Título II de la Ley 29/1994, de 24 de noviembre, de Arrendamientos Urbanos y, supletoriamente, por el Código Civil. Para resolver cualquier controversia, las partes se someten a los Juzgados y Tribunales de ${data.property.municipality}, donde se encuentra la vivienda.`,
    ],
  };

  return [
    object,
    duration,
    rent,
    update,
    security,
    expenses,
    care,
    furnishing,
    { title: 'Condiciones particulares', paragraphs: conditionsClause(data.conditions) },
    {
      title: 'Notificaciones',
      paragraphs: noticesClause(data, ['la parte arrendadora', 'la parte arrendataria']),
    },
    law,
    electronicSignature(),
  ];
}

/** The arras clause of each kind: what a party that walks away or fails loses, and what the other may do. */
function arrasClause(terms: SaleTerms): Clause {
  const amount = euros(terms.arrasAmount);
  const doubled = euros(terms.arrasAmount * 2);
  const credited = 'Otorgada la escritura pública, las arras se imputarán al pago del precio.';
  const title = arrasTypeLabels[terms.arrasTypeCode];
  if (terms.arrasTypeCode === ArrasType.Confirmatory) {
    return {
      title,
      paragraphs: [
        'La cantidad entregada a la firma tiene el carácter de arras confirmatorias: es señal y parte del precio, y confirma la perfección de la compraventa. Ninguna de las partes podrá desistir de ella por su sola voluntad.',
        'Si una de las partes incumple sus obligaciones, la otra podrá exigir su cumplimiento o la resolución del contrato, con el resarcimiento de daños y el abono de intereses en ambos casos, conforme al artículo 1.124 del Código Civil.',
        credited,
      ],
    };
  }
  if (terms.arrasTypeCode === ArrasType.Penal) {
    return {
      title,
      paragraphs: [
        'La cantidad entregada a la firma tiene el carácter de arras penales, como garantía del cumplimiento de este contrato (artículos 1.152 y siguientes del Código Civil):',
        `a) Si incumple la parte compradora, la parte vendedora hará suyas las arras entregadas, ${amount}.`,
        `b) Si incumple la parte vendedora, deberá entregar a la parte compradora las arras duplicadas, es decir, ${doubled}.`,
        'Además de esa pena, la parte que haya cumplido podrá exigir el cumplimiento del contrato o su resolución, conforme al artículo 1.124 del Código Civil.',
        credited,
      ],
    };
  }
  return {
    title,
    paragraphs: [
      `La cantidad entregada a la firma tiene el carácter de arras penitenciales conforme al artículo 1.454 del Código Civil. Cualquiera de las partes podrá desistir de la compraventa hasta el otorgamiento de la escritura pública, con las siguientes consecuencias:`,
      `a) Si desiste la parte compradora, perderá las arras entregadas, ${amount}, en favor de la parte vendedora.`,
      `b) Si desiste la parte vendedora, deberá devolver a la parte compradora las arras duplicadas, es decir, ${doubled}.`,
      `Las partes aceptan estas consecuencias como única indemnización por el desistimiento. ${credited}`,
    ],
  };
}

const arrasLegalBasis: Readonly<Record<ArrasTypeCode, string>> = {
  ARS001: 'Artículo 1.454 del Código Civil',
  ARS002: 'Artículo 1.124 del Código Civil',
  ARS003: 'Artículos 1.152 y siguientes del Código Civil',
};

function saleClauses(data: ContractDocumentData, terms: SaleTerms): Clause[] {
  const arrasName = arrasTypeLabels[terms.arrasTypeCode].toLowerCase();
  const noShow =
    terms.arrasTypeCode === ArrasType.Penitential
      ? 'se entenderá que desiste, con las consecuencias de la cláusula tercera'
      : 'se entenderá que incumple este contrato, con las consecuencias de la cláusula tercera';
  const rest = Math.max(0, data.amount - terms.arrasAmount);
  const arrasPayment = terms.iban
    ? `mediante transferencia a la cuenta con IBAN ${ibanText(terms.iban)}, de la que es titular la parte vendedora`
    : 'en la forma que las partes acuerden, contra recibo';
  const financing =
    terms.paymentType === 'mortgage'
      ? `La parte compradora pagará el resto del precio, en parte, con un préstamo hipotecario${terms.mortgageAmount !== null && terms.mortgageAmount > 0 ? ` de ${euros(terms.mortgageAmount)}` : ''} que solicitará a la entidad de su elección. La obtención de la financiación es de su cuenta: su denegación no modifica lo pactado sobre las arras en la cláusula tercera.`
      : 'La parte compradora pagará el resto del precio con fondos propios, sin necesidad de financiación.';
  return [
    {
      title: 'Objeto',
      paragraphs: [
        'La parte vendedora se obliga a vender a la parte compradora, que se obliga a comprar, la finca descrita en el expositivo I, como cuerpo cierto, con cuanto le sea inherente y accesorio, libre de cargas, gravámenes, arrendatarios y ocupantes, y al corriente en el pago de tributos y gastos de comunidad.',
      ],
    },
    {
      title: 'Precio y forma de pago',
      paragraphs: [
        `El precio de la compraventa es de ${euros(data.amount)}, que la parte compradora pagará de la siguiente forma:`,
        `a) ${euros(terms.arrasAmount)} a la firma de este contrato, en concepto de ${arrasName}, ${arrasPayment}. La parte vendedora entregará justificante de su recepción.`,
        `b) ${euros(rest)}, resto del precio, en el acto de otorgamiento de la escritura pública de compraventa.`,
        financing,
      ],
    },
    arrasClause(terms),
    {
      title: 'Escritura pública',
      paragraphs: [
        `La escritura pública de compraventa se otorgará a más tardar el ${longDate(terms.deedDeadline)}, ante el notario que designe la parte compradora, que comunicará a la parte vendedora el día y la hora con al menos siete días de antelación. Si llegado ese día alguna de las partes no compareciese a otorgarla sin causa justificada, ${noShow}.`,
      ],
    },
    {
      title: 'Cargas, gastos e impuestos',
      paragraphs: [
        'La parte vendedora garantiza que la finca está libre de cargas, gravámenes, arrendamientos y ocupantes; si existiera alguna carga, la cancelará a su costa antes o en el mismo acto de la escritura pública. Entregará al corriente de pago el Impuesto sobre Bienes Inmuebles y los gastos de comunidad, y aportará el certificado de eficiencia energética.',
        'Los gastos e impuestos de la compraventa se pagarán conforme a la ley (artículo 1.455 del Código Civil): el Impuesto sobre el Incremento de Valor de los Terrenos de Naturaleza Urbana, la parte vendedora; el Impuesto sobre Transmisiones Patrimoniales o, en su caso, el IVA y el Impuesto sobre Actos Jurídicos Documentados, y la inscripción en el Registro de la Propiedad, la parte compradora; los gastos de notaría, según su arancel. El Impuesto sobre Bienes Inmuebles del año de la escritura será de cuenta de la parte vendedora.',
      ],
    },
    {
      title: 'Entrega de la posesión',
      paragraphs: [
        'La parte vendedora entregará a la parte compradora la posesión de la finca, libre de ocupantes y de enseres no incluidos en la venta, y sus llaves en el acto de otorgamiento de la escritura pública, que equivaldrá a la entrega (artículo 1.462 del Código Civil).',
        ...(data.inventoryPhotos.length > 0
          ? [
              'El estado de la finca a la firma de este contrato se documenta en el inventario fotográfico del Anexo I.',
            ]
          : []),
      ],
    },
    { title: 'Condiciones particulares', paragraphs: conditionsClause(data.conditions) },
    {
      title: 'Notificaciones',
      paragraphs: noticesClause(data, ['la parte vendedora', 'la parte compradora']),
    },
    {
      title: 'Legislación aplicable y jurisdicción',
      paragraphs: [
        `Este contrato se rige por lo pactado y por el Código Civil. Para resolver cualquier controversia, las partes se someten a los Juzgados y Tribunales de ${data.property.municipality}, donde se encuentra la finca.`,
      ],
    },
    electronicSignature(),
  ];
}

/** The whole contract's wording; throws when the kind's terms are missing (a bug of the caller). */
export function contractText(data: ContractDocumentData): ContractText {
  const sale = data.kind === 'sale';
  const room = data.kind === 'room_rental';
  const roles: [string, string] = sale
    ? ['LA PARTE VENDEDORA', 'LA PARTE COMPRADORA']
    : ['LA PARTE ARRENDADORA', 'LA PARTE ARRENDATARIA'];
  const property = propertyText(data);

  let title: string;
  let legalBasis: string;
  let recitals: string[];
  let clauses: Clause[];
  if (sale) {
    if (!data.sale) throw new Error('renderContractPdf: a sale needs its sale terms');
    const arrasName = arrasTypeLabels[data.sale.arrasTypeCode].toLowerCase();
    title = `CONTRATO DE ${arrasName.toUpperCase()}`;
    legalBasis = arrasLegalBasis[data.sale.arrasTypeCode];
    recitals = [
      `I. Que la parte vendedora es propietaria, en pleno dominio, de la finca situada en ${property}.`,
      'II. Que la parte vendedora desea vender y la parte compradora desea comprar dicha finca, libre de cargas, arrendatarios y ocupantes, en las condiciones que han convenido a través de la plataforma Casaoferta.',
      `III. Que, a tal fin, celebran este contrato de ${arrasName}, como contrato privado de compraventa, que se regirá por las siguientes`,
    ];
    clauses = saleClauses(data, data.sale);
  } else {
    if (!data.rental) throw new Error('renderContractPdf: a rental needs its rental terms');
    title = room ? 'CONTRATO DE ARRENDAMIENTO DE HABITACIÓN' : 'CONTRATO DE ARRENDAMIENTO DE VIVIENDA';
    legalBasis = room
      ? 'Arrendamiento de habitación, regido por lo pactado y por el Código Civil (artículos 1.542 y siguientes)'
      : 'Ley 29/1994, de 24 de noviembre, de Arrendamientos Urbanos: vivienda habitual (artículo 2)';
    recitals = room
      ? [
          `I. Que la parte arrendadora es propietaria, o tiene facultades suficientes para arrendarla, de la vivienda situada en ${property}.`,
          `II. Que la parte arrendataria está interesada en arrendar ${data.property.roomName ? `la habitación «${data.property.roomName}» de dicha vivienda` : 'una habitación de dicha vivienda'}, con uso compartido de sus zonas comunes, en las condiciones que ambas partes han convenido a través de la plataforma Casaoferta.`,
          'III. Que, a tal fin, celebran este contrato de arrendamiento de habitación, que se regirá por las siguientes',
        ]
      : [
          `I. Que la parte arrendadora es propietaria, o tiene facultades suficientes para arrendarla, de la vivienda situada en ${property}.`,
          'II. Que la parte arrendataria está interesada en arrendar dicha vivienda para destinarla a su vivienda habitual y permanente, en las condiciones que ambas partes han convenido a través de la plataforma Casaoferta.',
          'III. Que, a tal fin, celebran este contrato de arrendamiento de vivienda, sujeto a la Ley 29/1994, de 24 de noviembre, de Arrendamientos Urbanos (en adelante, LAU), que se regirá por las siguientes',
        ];
    clauses = rentalClauses(data, data.rental, room);
  }

  return {
    title,
    subtitle: [legalBasis, `En ${data.place}, a ${longDate(data.issuedOn)}`],
    parties: [
      partyText('De una parte', data.owner, roles[0]),
      partyText('De otra parte', data.tenant, roles[1]),
      'Ambas partes se reconocen mutuamente la capacidad legal necesaria para otorgar este contrato y, a tal efecto,',
    ],
    recitals,
    clauses: clauses.map((clause, i) => ({
      title: `${ORDINALS[i] ?? String(i + 1)}. ${clause.title}`,
      paragraphs: clause.paragraphs,
    })),
    closing: [
      `Y en prueba de conformidad, las partes firman electrónicamente este contrato en ${data.place}, a ${longDate(data.issuedOn)}.`,
    ],
    signatures: [
      { role: roles[0], name: data.owner.fullName },
      { role: roles[1], name: data.tenant.fullName },
    ],
    annexTitle: 'ANEXO I. INVENTARIO FOTOGRÁFICO',
    annexIntro: `Fotografías del estado de ${sale ? 'la finca' : room ? 'la habitación y de la vivienda' : 'la vivienda'} y de su contenido aportadas por las partes antes de la firma.`,
    photoCaption: (index, count) => `Fotografía ${index} de ${count}`,
    footer: `Contrato ${data.contractId}`,
  };
}

/** The signature page's texts (seal.ts). */
export const sealTexts = {
  title: 'HOJA DE FIRMAS',
  intro: (contractId: string) =>
    `Registro de las firmas del contrato ${contractId}, recogidas en la plataforma Casaoferta. Cada parte firmó escribiendo su nombre completo y el código de un solo uso enviado por SMS a su teléfono.`,
  documentHash: 'Huella SHA-256 del documento firmado',
  party: { owner: 'Parte propietaria (arrendadora o vendedora)', tenant: 'Parte arrendataria o compradora' },
  name: 'Nombre',
  nif: 'NIF',
  signedAt: 'Fecha y hora',
  ip: 'Dirección IP',
  signedDocument: 'Documento firmado (SHA-256)',
  sealHeading: 'Sello de la plataforma',
  sealText: (subject: string) =>
    `Casaoferta sella este documento completo, incluida esta hoja, con una firma digital PAdES de su certificado «${subject}». Cualquier lector de PDF la muestra y comprueba que el documento no ha cambiado desde el sellado.`,
  platform: 'Plataforma',
  platformName: 'Casaoferta',
  certificate: 'Certificado',
  footer: (contractId: string) => `Contrato ${contractId} · Hoja de firmas`,
  signatureReason: 'Sellado del contrato firmado por las partes en Casaoferta',
  signatureLocation: 'España',
  signatureContact: 'Casaoferta',
} as const;

const madrid = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/Madrid',
  timeZoneName: 'short',
});

/** "27 de noviembre de 2026 a las 15:04:05 CET": an instant in Madrid's time. */
export const madridDateTime = (date: Date): string => madrid.format(date);
