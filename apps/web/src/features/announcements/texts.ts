/** An agent's reason inside a sentence: its own final stop dropped ("estudio.. Corrígelo"). */
const clause = (reason: string) => reason.trim().replace(/\.+$/, '');

/** Spanish texts of the owner's announcement screens: forms, /announcement-list and /property-detail. */
export const announcementTexts = {
  modified: 'Se ha modificado correctamente',
  form: {
    documentTitle: {
      sale: 'Anuncio de venta',
      rental: 'Anuncio de alquiler',
      room: 'Anuncio de alquiler de habitación',
    },
    heading: {
      sale: 'Anuncio de venta',
      rental: 'Anuncio de alquiler de vivienda completa',
      room: 'Anuncio de alquiler de habitación',
    },
    propertyLine: (title: string, reference: string) => `${title} · Ref. ${reference}`,
    loadErrorTitle: 'No hemos podido cargar el anuncio',
    propertyPending:
      'Tu inmueble aún no está validado. Puedes preparar el anuncio; podrás publicarlo cuando nuestro equipo lo valide.',
    propertyRejected: (reason: string) =>
      `Tu inmueble fue rechazado${reason ? `: ${clause(reason)}` : ''}. Corrígelo antes de publicar.`,
    sections: {
      conditions: 'Precio y condiciones',
      details: 'Detalles',
      publication: 'Publicación',
      presentation: 'Presentación',
    },
    offerType: {
      legend: 'Cómo quieres recibir interesados',
      AOT001: 'Recibir ofertas de precio',
      AOT001hint: 'Los interesados te proponen un precio y tú eliges la oferta que prefieras.',
      AOT002: 'Precio fijo, solo solicitudes de visita',
      AOT002hint: 'El precio no se negocia: los interesados solo te piden una visita.',
    },
    price: {
      sale: 'Precio de venta',
      rental: 'Renta mensual',
      room: 'Precio mensual de la habitación',
    },
    /** Under the price when it is possible but rare (rules/price-bounds), with the amount read. */
    priceUnusual: (amount: string) => `Es un precio poco habitual. Comprueba la cifra: ${amount}.`,
    duration: 'Periodo de publicación',
    availableFrom: 'Disponible desde',
    customTitle: 'Título del anuncio (opcional)',
    customTitleHint: 'Si lo dejas vacío, usaremos el título automático.',
    automaticTitle: 'Título automático',
    description: 'Descripción',
    descriptionHint: 'Cuenta lo que hace especial tu vivienda: luz, reformas, barrio, transporte…',
    characters: (count: number, max: number) => `${count} de ${max} caracteres`,
    yes: 'Sí',
    no: 'No',
    sale: {
      communityFees: 'Gastos de comunidad',
      ibi: 'IBI',
      arrasLegend: 'Arras',
      arrasHint:
        'Lo que el comprador entrega al firmar el contrato de arras, a cuenta del precio. Tu oferta de venta las muestra y el comprador las acepta.',
      arrasType: 'Tipo de arras',
      arrasUnit: 'Cómo las indicas',
      arrasPercent: 'Porcentaje del precio',
      arrasEuros: 'Importe en euros',
      arrasPercentValue: 'Porcentaje (%)',
      arrasEurosValue: 'Importe (€)',
    },
    rental: {
      deposit: 'Fianza',
      warrantyMonths: 'Garantía adicional',
      contractDuration: 'Duración del contrato',
      responsibilityCharges: 'Gastos y responsabilidades',
      petType: 'Mascotas',
      furnished: '¿Está amueblada?',
      registration: 'Empadronamiento',
    },
    room: {
      roomType: 'Tipo de habitación',
      bedType: 'Cama',
      windowType: 'Ventana',
      cohabitants: 'Personas que viven en la vivienda',
      genderPreference: 'Preferencia de convivencia',
      lifestyles: 'Estilo de vida en casa',
      expensesIncluded: '¿Gastos incluidos en el precio?',
      petType: 'Mascotas',
      furnished: '¿Está amueblada?',
    },
    saveDraft: 'Guardar borrador',
    saveAndReview: 'Guardar y revisar',
    draftSaving: 'Guardando borrador…',
    draftSaved: 'Borrador guardado',
    draftFailed: 'No se ha podido guardar el borrador',
    serverFieldError: 'Este dato no es válido. Revísalo.',
  },
  /** A field's own message when it is left empty (shared/forms has the rest). */
  requiredBy: {
    price: 'Indica el precio',
    roomTypeCode: 'Elige el tipo de habitación',
  },
  list: {
    documentTitle: 'Mis anuncios',
    title: 'Mis anuncios',
    tabsLabel: 'Estado de los anuncios',
    tabs: { active: 'Activos', drafts: 'Borradores', finished: 'Finalizados' },
    tabLabel: (label: string, count: number) => `${label} (${count})`,
    emptyTab: {
      active: 'No tienes anuncios activos.',
      drafts: 'No tienes borradores.',
      finished: 'No tienes anuncios finalizados.',
    },
    emptyTitle: 'Todavía no tienes anuncios',
    emptyText: 'Publica tu vivienda en venta o en alquiler y empieza a recibir ofertas.',
    publish: 'Publica tu anuncio',
    loadErrorTitle: 'No hemos podido cargar tus anuncios',
  },
  card: {
    reference: (reference: string) => `Ref. ${reference}`,
    price: 'Precio',
    offers: 'Ofertas',
    visits: 'Solicitudes de visita',
    highestOffer: 'Oferta más alta',
    timeLeft: 'Tiempo restante',
    daysLeft: (days: number) =>
      days <= 0 ? 'Último día' : days === 1 ? 'Queda 1 día' : `Quedan ${days} días`,
    noPhoto: 'Sin foto',
    rejectedReason: (reason: string) => `Motivo del rechazo: ${reason}`,
    propertyRejected: (reason: string | null) =>
      `El inmueble fue rechazado${reason ? `: ${clause(reason)}` : ''}. Corrígelo para poder publicar.`,
    actionsLabel: (title: string) => `Acciones de ${title}`,
    /** To the owner's offers of the property (/property/{id}/offers), while it has any (issue 23). */
    offersLink: (count: number) => `Ofertas (${count})`,
    visitsLink: (count: number) => `Solicitudes (${count})`,
  },
  /** A property's card in /announcement-list when its next step is its own (issue 23). */
  propertyStep: {
    listLabel: 'Tus inmuebles',
    badge: {
      continueProperty: 'Inmueble sin terminar',
      propertyInValidation: 'En validación',
      correctProperty: 'Inmueble rechazado',
      createAnnouncement: 'Validado',
    },
    note: {
      continueProperty: 'Todavía no lo has enviado a validación. Complétalo para poder publicar anuncios.',
      propertyInValidation:
        'Nuestro equipo está revisando tu inmueble. Te avisaremos cuando esté validado; mientras, puedes preparar el anuncio.',
      propertyInValidationWithAnnouncement:
        'Nuestro equipo está revisando tu inmueble. Te avisaremos cuando esté validado para que publiques su anuncio.',
      createAnnouncement: 'Validado: crea el anuncio para publicarlo y recibir ofertas.',
    },
    continue: 'Continuar',
    correct: 'Corregir',
    create: 'Crear el anuncio',
    prepare: 'Preparar el anuncio',
    viewProperty: 'Ver el inmueble',
    kindsLabel: '¿Qué anuncio quieres crear?',
    kinds: { sale: 'De venta', rental: 'De alquiler', room: 'De habitación' },
  },
  actions: {
    edit: 'Editar',
    publish: 'Publicar',
    reactivate: 'Reactivar',
    requestReview: 'Pedir nueva revisión',
    withdraw: 'Retirar',
    discardDraft: 'Descartar borrador',
    cancel: 'Cancelar',
    confirm: {
      withdraw: {
        title: '¿Retirar el anuncio?',
        body: 'Dejará de verse en Casaoferta y no recibirás más ofertas.',
        button: 'Sí, retirar',
      },
      discardDraft: {
        title: '¿Descartar el borrador?',
        body: 'Se borrará el borrador y todo lo que has escrito en él.',
        button: 'Sí, descartar',
      },
      requestReview: {
        title: '¿Pedir una nueva revisión?',
        body: 'Nuestro equipo volverá a revisarlo. Antes, corrige lo que se indica en el motivo del rechazo.',
        button: 'Sí, pedir revisión',
      },
    },
    /** The toast after each action; the rest say `modified`. */
    done: {
      requestReview: 'Has pedido una nueva revisión. Te avisaremos cuando nuestro equipo la termine.',
      discardDraft: 'Borrador descartado',
    } as Partial<Record<string, string>>,
  },
  propertyDraft: {
    listLabel: 'Inmuebles sin terminar',
    badge: 'Inmueble sin terminar',
    note: 'Todavía no lo has enviado a validación. Complétalo para poder publicar anuncios.',
    continue: 'Continuar',
    discard: 'Descartar borrador',
    confirm: {
      title: '¿Descartar el borrador del inmueble?',
      body: (title: string) =>
        `Se borrarán «${title}», sus fotos y los anuncios en borrador que tenga. No se puede deshacer.`,
      button: 'Sí, descartar',
    },
    discarded: 'Borrador descartado',
  },
  property: {
    documentTitle: 'Mi inmueble',
    loadErrorTitle: 'No hemos podido cargar el inmueble',
    reference: (reference: string) => `Ref. ${reference}`,
    validation: 'Validación',
    rejectedReason: (reason: string | null) => `Motivo del rechazo: ${reason ?? 'sin indicar'}`,
    pendingNote: 'Nuestro equipo revisará el inmueble antes de que puedas publicar anuncios.',
    revisionPending:
      'Tienes cambios del inmueble pendientes de revisión. Mientras tanto se muestran los datos validados.',
    revisionRejected: (reason: string | null) =>
      `No hemos aprobado tus últimos cambios del inmueble${reason ? `: ${clause(reason)}` : ''}. Se siguen mostrando los datos validados.`,
    edit: 'Editar inmueble',
    /** To the public page (/property/{id}) while an announcement of the property is on show. */
    viewPublished: 'Ver el anuncio publicado',
    announcements: 'Anuncios de este inmueble',
    noAnnouncements: 'Este inmueble todavía no tiene anuncios.',
    /** To the offers received (/property/{id}/offers) while an announcement takes or has decided offers. */
    viewOffers: (count: number) => `Ver ofertas (${count})`,
    newAnnouncement: 'Crear un anuncio',
    kinds: { sale: 'De venta', rental: 'De alquiler', room: 'De habitación' },
    noPhoto: 'Sin foto',
  },
} as const;
