/** What the payments module writes to people (Spanish). */
export const paymentTexts = {
  description: (title: string) => `Casaoferta: desbloqueo de ofertas de «${title}»`,
  untitled: 'tu anuncio',
  refundUnreachable: 'No hemos podido contactar con la pasarela de pago para hacer la devolución.',
  paidNotice: {
    subject: 'Pago recibido',
    body: (title: string, link: string) =>
      `Hemos recibido el pago de «${title}». Ya puedes ver los importes de las ofertas y los datos de contacto de los candidatos: ${link}`,
  },
} as const;

/** The WhatsApp message an agent sends the owner with the payment summary's link (SPEC 6). */
export const paymentLinkNotice = (title: string, link: string) => ({
  subject: 'Enlace de pago de tu anuncio',
  body: `Desbloquea los importes de las ofertas y los contactos de los candidatos de «${title}» con un único pago: ${link}`,
});

/** Refunds (issue 28): what the owner is told when an agent gives their payment back. */
export const refundTexts = {
  notice: {
    subject: 'Pago devuelto',
    body: (title: string, reason: string, link: string) =>
      `Te hemos devuelto el pago de «${title}». Motivo: ${reason.replace(/\.+$/, '')}. Los importes de las ofertas y los datos de los candidatos vuelven a estar bloqueados. Tu factura rectificativa está en Mis pagos: ${link}`,
  },
} as const;

/** Invoices (facturas, issue 28): the e-mail, and the wording of the PDF. */
export const invoiceTexts = {
  email: {
    subject: (reference: string) => `Tu factura ${reference} de Casaoferta`,
    body: (reference: string, title: string, link: string) =>
      `Hemos emitido la factura ${reference} por el pago de «${title}». La tienes adjunta en PDF, y también puedes descargarla en Mis pagos: ${link}`,
  },
  rectifyingEmail: {
    subject: (reference: string) => `Tu factura rectificativa ${reference} de Casaoferta`,
    body: (reference: string, title: string, link: string) =>
      `Hemos emitido la factura rectificativa ${reference} por la devolución del pago de «${title}». La tienes adjunta en PDF, y también puedes descargarla en Mis pagos: ${link}`,
  },
  /** The name of the PDF attached to the e-mail. */
  attachmentName: (reference: string) => `Factura ${reference}.pdf`,
  /** The line of the invoice: what was bought. */
  description: (title: string) =>
    `Desbloqueo de importes de ofertas y datos de candidatos del anuncio «${title}»`,
  rectifyingDescription: (reference: string) => `Devolución íntegra de la factura ${reference}`,
  pdf: {
    complete: 'Factura',
    simplified: 'Factura simplificada',
    rectifying: 'Factura rectificativa',
    simplifiedRectifying: 'Factura simplificada rectificativa',
    number: 'Número',
    date: 'Fecha de expedición',
    rectifies: 'Rectifica a la factura',
    rectifyingReason: 'Motivo de la rectificación',
    rectifyingReasonValue: 'Devolución del importe cobrado (art. 15 del RD 1619/2012)',
    seller: 'Emisor',
    buyer: 'Destinatario',
    name: 'Nombre o razón social',
    nif: 'NIF',
    address: 'Domicilio fiscal',
    concept: 'Concepto',
    base: 'Base imponible',
    vat: (percent: number) => `IVA (${percent} %)`,
    total: 'Total',
    vatIncluded: 'IVA incluido',
    paidWith: 'Forma de pago',
    footer: 'Casaoferta · Factura emitida electrónicamente',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  methods: { card: 'Tarjeta', bizum: 'Bizum' },
} as const;
