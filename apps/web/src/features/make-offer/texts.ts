/** Spanish texts of the offer and visit-request dialogs (SPEC 2.3, 2.5, 4.2, 5.1-5.3). */
export const makeOfferTexts = {
  action: {
    makeOffer: 'Hacer oferta',
    requestVisit: 'Solicitar visita',
  },
  /** The candidate's own current offer or visit request on the property page (issue 23 point 4). */
  own: {
    offerLabel: 'Tu oferta:',
    highest: 'la más alta',
    outbid: 'hay una más alta',
    selected: 'elegida',
    visit: 'Has pedido visita',
    modify: 'Modificar',
    withdraw: 'Retirar',
    seeOffer: 'Ver mi oferta',
    seeVisit: 'Ver mi solicitud',
  },
  withdraw: {
    offerTitle: '¿Retirar tu oferta?',
    visitTitle: '¿Retirar tu solicitud de visita?',
    offerBody:
      'El propietario dejará de verla. Después podrás hacer una oferta nueva mientras el anuncio siga abierto.',
    visitBody:
      'El propietario dejará de verla. Después podrás volver a pedir visita mientras el anuncio siga abierto.',
    confirm: 'Sí, retirar',
    cancel: 'Cancelar',
    offerDone: 'Has retirado tu oferta',
    visitDone: 'Has retirado tu solicitud de visita',
    offerGone: 'Esta oferta ya no está activa: el propietario ya ha decidido o la retiraste antes.',
    visitGone:
      'Esta solicitud de visita ya no está activa: el propietario ya ha decidido o la retiraste antes.',
  },
  titles: {
    make: 'Hacer oferta',
    edit: 'Modificar oferta',
    visit: 'Solicitud de visita',
  },
  summary: {
    label: 'Resumen',
    offer: (amount: string) => `Oferta: ${amount}`,
    visitTitle: 'Formaliza tu solicitud',
    visitBody:
      'Estos datos son necesarios para evaluar tu solicitud y facilitar la decisión del propietario.',
  },
  prices: {
    reference: 'Precio de referencia',
    highestOffer: 'Oferta más alta',
    yourOffer: 'Tu oferta actual',
  },
  amount: {
    label: 'Tu oferta',
    decrease: (step: string) => `Bajar ${step}`,
    increase: (step: string) => `Subir ${step}`,
    bounds: (min: string, max: string) => `Entre ${min} y ${max}.`,
  },
  arras: {
    title: 'Arras que pide el vendedor',
    body: 'Las entregas al firmar el contrato de arras, a cuenta del precio.',
    accept: 'Acepto estas arras',
  },
  sale: {
    title: 'Datos de la compra',
    paymentType: 'Condiciones de compra',
    mortgageAmount: 'Importe de la hipoteca',
    mortgageHint: 'Solo con hipoteca.',
    preApproved: 'Tengo la hipoteca preaprobada',
    reason: 'Motivo de la compra',
    note: 'Nota para el propietario (opcional)',
  },
  employment: {
    title: 'Situación laboral',
    lead: 'Tu perfil aún no está completo: el propietario necesita estos datos para valorar tu oferta.',
    visitLead:
      'Tu perfil aún no está completo: el propietario necesita estos datos para valorar tu solicitud de visita.',
    nif: 'DNI, NIF o NIE',
    nifHint: 'Con su letra, por ejemplo 12345678Z.',
    contractType: 'Tipo de contrato',
    salary: 'Salario neto mensual',
    salaryHint: 'Según el salario neto de los 3 últimos meses.',
    saveToProfile: 'Guardar estos datos en mi perfil para la próxima vez',
    saveToProfileHint: 'Así no tendrás que volver a escribirlos.',
  },
  buttons: {
    cancel: 'Cancelar',
    /** Only where another step follows (the management dialog, the login). */
    next: 'Siguiente',
    /** Where the press sends (issue 23 point 10). */
    sendOffer: 'Enviar oferta',
    sendVisit: 'Enviar solicitud',
    close: 'Cerrar',
  },
  /** A visit request's failures that the shared error texts word as an offer's. */
  visitErrors: {
    OFFER_ALREADY_ACTIVE:
      'Ya has pedido visita en este anuncio. Puedes retirar tu solicitud desde el inmueble.',
    OFFER_NOT_ACTIVE: 'Esta solicitud de visita ya no está activa.',
  },
  /** Sharing my documents with this offer's owner, in the flow (issue 23 point 7). */
  share: {
    title: 'Tu documentación',
    listLabel: 'Documentos que verá el propietario',
    ofPerson: (kind: string, person: string) => `${kind} de ${person}`,
  },
  confirmation: {
    rentalTitle: 'Tu oferta se ha enviado',
    rentalBody:
      'El propietario ya puede verla. Te avisaremos cuando la vea y cuando decida; mientras tanto puedes seguirla en tiempo real.',
    saleTitle: 'Tu oferta de compra se ha enviado',
    saleBody:
      'El propietario ya puede ver tu oferta y tus condiciones de compra. Te avisaremos cuando la vea y cuando decida.',
    editedTitle: 'Tu oferta se ha modificado',
    editedBody: 'El propietario verá el nuevo importe. Puedes seguir tu oferta en tiempo real.',
    visitTitle: 'Tu solicitud de visita se ha enviado',
    visitBody: 'El propietario la revisará con tus datos y te contactará para concertar la visita.',
    amount: (amount: string) => `Importe: ${amount}`,
    nextSteps: 'Siguientes pasos',
    seeMore: 'Ver más inmuebles',
    myOffers: 'Ir a mis ofertas',
    completeProfile: 'Completar mi perfil',
    profileHint:
      'Con tu perfil completo, tus próximas ofertas se envían al momento y destacan ante el propietario.',
  },
} as const;
