import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { formatNumber } from '@casaoferta/domain/format';
import { withoutFinalStop } from '@casaoferta/domain/text';

/**
 * Spanish texts of the agents' validation queue and review (SPEC 2.4 modals, 4.5, 5.5, 8). The notices
 * after a decision are SPEC 8's, word for word (its spelling included).
 */
export const validationTexts = {
  queue: {
    documentTitle: 'Pendientes de validación',
    title: 'Pendientes de validación',
    intro:
      'Inmuebles, cambios y anuncios que esperan una revisión, empezando por los que más llevan esperando.',
    backToMenu: 'Menú de agente',
    searchLabel: 'Buscar pendientes',
    searchHint: 'Por referencia, título, propietario o teléfono.',
    listLabel: 'Pendientes de validación',
    results: (total: number, capped: boolean) => {
      if (capped) return `Más de ${formatNumber(total)} pendientes`;
      return total === 1 ? '1 pendiente' : `${formatNumber(total)} pendientes`;
    },
    /** Issue 29 point 2: the queue comes in pages of 20. */
    loadMore: 'Cargar más',
    loadMoreError: 'No hemos podido cargar más pendientes. Vuelve a intentarlo.',
    loading: 'Cargando pendientes…',
    emptyTitle: 'No hay nada pendiente',
    emptyAll: 'Todo está revisado. Los nuevos envíos de los propietarios aparecerán aquí.',
    emptySearch: (search: string) =>
      `Nada pendiente coincide con «${search}». Prueba con otra referencia, título o propietario.`,
    errorTitle: 'No hemos podido cargar los pendientes',
    noPhoto: 'Sin fotos',
    photos: (n: number) => (n === 1 ? '1 foto' : `${n} fotos`),
    owner: 'Propietario',
    verified: 'Verificado',
    blocked: 'Bloqueado',
    waiting: (ago: string) => `Enviado ${ago}`,
    /** Decision 028: the announcement sent with its property rides on the property's item. */
    joint: (kinds: string) => `Con ${kinds}: se deciden juntos en la revisión.`,
  },
  kinds: {
    property: 'Inmueble nuevo',
    propertyWithAnnouncement: 'Inmueble nuevo y anuncio',
    /** "Con su anuncio de alquiler": what was sent with the property. */
    jointAnnouncement: {
      sale: 'su anuncio de venta',
      rental: 'su anuncio de alquiler',
      room: 'su anuncio de alquiler de habitación',
    } satisfies Record<AnnouncementKind, string>,
    jointAnnouncements: (n: number) => `sus ${n} anuncios`,
    'property-revision': 'Cambios en un inmueble',
    announcement: {
      sale: 'Anuncio de venta',
      rental: 'Anuncio de alquiler',
      room: 'Anuncio de alquiler de habitación',
    } satisfies Record<AnnouncementKind, string>,
  },
  time: {
    justNow: 'hace un momento',
  },
  review: {
    documentTitle: 'Revisar inmueble',
    title: (reference: string) => `Inmueble ${reference}`,
    backToQueue: 'Volver a la cola',
    loading: 'Cargando el inmueble…',
    loadErrorTitle: 'No hemos podido cargar el inmueble',
    notFoundTitle: 'Este inmueble no existe',
    notFoundText: 'Puede que se haya eliminado. Vuelve a la cola para ver lo que sigue pendiente.',
    validation: 'Validación del inmueble',
    reason: (reason: string) => `Motivo: ${reason}`,
    revisionOutdated: 'Hemos vuelto a cargar el inmueble: revisa los datos actuales antes de decidir.',
    changesTitle: 'Qué ha cambiado',
    changesPending: (ago: string) => `El propietario envió estos cambios ${ago}.`,
    changesRejected: (reason: string | null) =>
      `Estos cambios se rechazaron${reason ? `: ${withoutFinalStop(reason)}` : ''}. El propietario aún no los ha corregido.`,
    changesNone: 'Los datos no cambian: solo las fotos.',
    field: 'Dato',
    before: 'Antes',
    after: 'Ahora',
    changeLabel: (field: string, before: string, after: string) =>
      `${field}: antes ${before}, ahora ${after}`,
    /** SPEC 5.6: '-' when the value is empty. */
    empty: '-',
    photosAdded: 'Fotos nuevas',
    photosRemoved: 'Fotos quitadas',
    photosReordered: 'El propietario ha cambiado el orden de las fotos.',
    photosUnchanged: 'Las fotos no cambian.',
    currentTitle: 'Versión aprobada',
    currentTitleNew: 'Datos del inmueble',
    currentIntro: 'Es lo que ve el público mientras los cambios esperan revisión.',
    gallery: 'Fotos',
    galleryEmpty: 'El inmueble no tiene fotos.',
    photoAlt: (n: number, total: number) => `Foto ${n} de ${total}`,
    announcementsTitle: 'Anuncios',
    announcementsEmpty: 'El inmueble no tiene anuncios.',
    price: 'Precio',
    description: 'Descripción',
    noTitle: 'Anuncio sin título',
    yes: 'Sí',
    no: 'No',
    squareMeters: (n: number) => `${formatNumber(n)} m²`,
    actionsLabel: 'Decisión sobre el inmueble',
    announcementActions: (title: string) => `Decisión sobre el anuncio ${title}`,
    validateProperty: 'Validar inmueble',
    rejectProperty: 'Rechazar inmueble',
    validateRevision: 'Validar cambios',
    rejectRevision: 'Rechazar cambios',
    validateAnnouncement: 'Validar anuncio',
    rejectAnnouncement: 'Rechazar anuncio',
    propertyFirst: 'Para validar un anuncio, el inmueble debe estar validado.',
    /** Issue 23 point 6: the announcement sent with its property, decided with it. */
    jointIntro: (title: string) =>
      `El propietario ha enviado «${title}» junto con el inmueble: puedes decidir los dos a la vez.`,
    validateBoth: 'Validar inmueble y anuncio',
    validateRejectAnnouncement: 'Validar inmueble y rechazar anuncio',
    noPermission: 'Tu perfil de agente no tiene permiso para esta decisión.',
    nothingToDecide: 'No hay ninguna decisión pendiente en este estado.',
  },
  fields: {
    street: 'Calle',
    streetNumber: 'Número',
    floorCode: 'Planta',
    blockCode: 'Bloque o escalera',
    door: 'Puerta',
    postalCode: 'Código postal',
    provinceCode: 'Provincia',
    municipalityCode: 'Municipio',
    propertyTypeCode: 'Tipo de inmueble',
    statusCode: 'Estado de conservación',
    surfaceM2: 'Superficie construida',
    rooms: 'Habitaciones',
    bathrooms: 'Baños',
    orientationCode: 'Orientación',
    energyCertificationCode: 'Certificado energético (consumo)',
    emissionCertificationCode: 'Certificado energético (emisiones)',
    features: 'Otras características',
    protectedHousingCode: 'Régimen de protección',
    stageCode: 'Plantas de la vivienda',
  },
  /** SPEC 2.4: accept property, reject property, accept listing, reject listing. */
  dialogs: {
    cancel: 'Cancelar',
    reasonLabel: 'Motivo del rechazo',
    reasonPlaceholder: 'Motivo del rechazo...',
    reasonHint: 'El propietario lo leerá tal cual: di qué debe corregir.',
    reasonRequired: 'Escribe el motivo del rechazo.',
    reasonTooLong: 'El motivo no puede superar los 1.000 caracteres.',
    counter: (length: number) => `${length} de 1.000 caracteres`,
    acceptProperty: {
      title: 'Validar inmueble',
      body: (reference: string) =>
        `El inmueble ${reference} quedará validado y sus anuncios podrán publicarse. Avisaremos al propietario.`,
      confirm: 'Validar inmueble',
    },
    rejectProperty: {
      title: 'Rechazar inmueble',
      body: (reference: string) =>
        `El inmueble ${reference} quedará rechazado y el propietario recibirá el motivo para corregirlo.`,
      bodyValidated: (reference: string) =>
        `El inmueble ${reference} está validado: al rechazarlo, sus anuncios publicados dejarán de mostrarse con el mismo motivo.`,
      confirm: 'Rechazar inmueble',
    },
    /** Issue 23 point 6: the property and its announcement in one decision. */
    acceptBoth: {
      title: 'Validar inmueble y anuncio',
      body: (reference: string, title: string) =>
        `El inmueble ${reference} quedará validado y «${title}» se publicará durante su periodo. Avisaremos al propietario con un solo mensaje.`,
      confirm: 'Validar inmueble y anuncio',
    },
    acceptPropertyRejectAnnouncement: {
      title: 'Validar inmueble y rechazar anuncio',
      body: (reference: string, title: string) =>
        `El inmueble ${reference} quedará validado; «${title}» no se publicará y el propietario recibirá el motivo para corregirlo.`,
      confirm: 'Validar y rechazar anuncio',
    },
    rejectPropertyAnnouncementWaits: (reference: string, title: string) =>
      `El inmueble ${reference} quedará rechazado y el propietario recibirá el motivo para corregirlo. «${title}» seguirá pendiente y se revisará con el inmueble corregido.`,
    acceptRevision: {
      title: 'Validar cambios',
      body: (reference: string) =>
        `Los cambios del inmueble ${reference} se aplicarán y se verán en sus anuncios. Avisaremos al propietario.`,
      confirm: 'Validar cambios',
    },
    rejectRevision: {
      title: 'Rechazar cambios',
      body: (reference: string) =>
        `Los anuncios del inmueble ${reference} seguirán mostrando la versión aprobada. El propietario recibirá el motivo.`,
      confirm: 'Rechazar cambios',
    },
    acceptAnnouncement: {
      title: 'Validar anuncio',
      body: (title: string) =>
        `«${title}» se publicará durante su periodo y empezará a recibir ofertas. Avisaremos al propietario.`,
      confirm: 'Validar anuncio',
    },
    rejectAnnouncement: {
      title: 'Rechazar anuncio',
      body: (title: string) =>
        `«${title}» no se publicará. El propietario recibirá el motivo para corregirlo.`,
      confirm: 'Rechazar anuncio',
    },
  },
  /** SPEC 8: agent success and error notices. */
  notices: {
    propertyRejected: 'Se ha rechazado la validación del inmueble.',
    propertyValidated: 'Se ha validado el inmueble correctamente.',
    announcementRejected: 'Se ha rechazado la validación del anuncio.',
    announcementValidated: 'Se ha validado el anuncio correctamente.',
    bothValidated: 'Se han validado el inmueble y el anuncio correctamente.',
    propertyValidatedAnnouncementRejected:
      'Se ha validado el inmueble y rechazado la validación del anuncio.',
    propertyRejectFailed: 'Ha ocurrido un error al intentar rechazar la validación del inmueble.',
    propertyValidateFailed: 'Ha ocurrido un error al intentar validar el inmueble.',
    announcementRejectFailed: 'Ha ocurrido un error al intentar rechazar la validación del anuncio.',
    announcementValidateFailed: 'Ha ocurrido un error al intentar validar el anuncio.',
  },
} as const;
