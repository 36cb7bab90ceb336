/** Spanish texts of the offer and visit-request dialogs (SPEC 2.3, 2.5, 4.2, 5.1-5.3). */
export const makeOfferTexts = {
  action: {
    makeOffer: 'Hacer oferta',
    requestVisit: 'Solicitar visita',
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
    nif: 'DNI, NIF o NIE',
    nifHint: 'Con su letra, por ejemplo 12345678Z.',
    contractType: 'Tipo de contrato',
    salary: 'Salario neto mensual',
    salaryHint: 'Según el salario neto de los 3 últimos meses.',
  },
  buttons: {
    cancel: 'Cancelar',
    next: 'Siguiente',
    close: 'Cerrar',
  },
  loading: 'Preparando tu oferta…',
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
