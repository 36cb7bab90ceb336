import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { formatNumber } from '@casaoferta/domain/format';
import { documentsConsentTexts } from '../../shared/documents-consent-texts';

/** Spanish texts of the candidate's offers: /my-offers and /offer-detail. */
export const myOffersTexts = {
  list: {
    documentTitle: 'Ofertas realizadas',
    title: 'Ofertas realizadas',
    intro:
      'Sigue tus ofertas y solicitudes de visita: su estado, la oferta más alta y la decisión del propietario.',
    tabsLabel: 'Tipo de anuncio',
    tabs: { rental: 'Alquiler', sale: 'Venta' },
    filterLegend: 'Mostrar',
    filters: { active: 'Activas', closed: 'Finalizadas', all: 'Todas' },
    listLabel: (kind: string) => `Tus ofertas de ${kind.toLowerCase()}`,
    loadMore: 'Ver más',
    loadErrorTitle: 'No hemos podido cargar tus ofertas',
    empty: {
      active: 'No tienes ofertas activas',
      closed: 'No tienes ofertas finalizadas',
      all: 'Todavía no has hecho ninguna oferta',
    },
    emptyText: {
      rental: 'Busca una vivienda en alquiler y haz tu oferta: el propietario verá tu perfil y tu importe.',
      sale: 'Busca una vivienda en venta y haz tu oferta: el propietario verá tus condiciones y tu importe.',
    },
    browse: 'Ver inmuebles',
  },
  /** The decisions not opened yet, first on /my-offers (issue 23). */
  outcomes: {
    title: (count: number) => (count === 1 ? 'Novedades de tu oferta' : 'Novedades de tus ofertas'),
    selected: '¡El propietario ha elegido tu oferta!',
    selectedVisit: '¡El propietario ha aceptado tu solicitud!',
    notSelected: 'El propietario ha elegido otra oferta',
    notSelectedVisit: 'El propietario ha elegido otra solicitud',
    ended: 'El anuncio ya no está disponible',
    reason: (reason: string) => `Motivo: ${reason}`,
    yourOffer: (amount: string) => `Tu oferta: ${amount}`,
    open: 'Ver detalle',
    openSelected: 'Ver los siguientes pasos',
    openLabel: (action: string, title: string) => `${action}: ${title}`,
  },
  card: {
    noPhoto: 'Sin foto',
    yourOffer: 'Tu oferta',
    visitRequest: 'Solicitud de visita',
    unread: (count: number) => `${count} ${count === 1 ? 'mensaje sin leer' : 'mensajes sin leer'}`,
    offers: 'Ofertas recibidas',
    requests: 'Solicitudes recibidas',
  },
  position: {
    highest: 'Tu oferta es la más alta',
    higher: (amount: string) => `Hay una oferta más alta: ${amount}`,
    count: (count: number) =>
      count === 0
        ? 'Ahora no hay ninguna oferta en este anuncio'
        : count === 1
          ? 'Hay 1 oferta en este anuncio'
          : `Hay ${formatNumber(count)} ofertas en este anuncio`,
    requestCount: (count: number) =>
      count === 0
        ? 'Ahora no hay ninguna solicitud en este anuncio'
        : count === 1
          ? 'Hay 1 solicitud en este anuncio'
          : `Hay ${formatNumber(count)} solicitudes en este anuncio`,
  },
  /** What the candidate reads about the announcement's state (only the states past "published"). */
  announcementState: {
    [AnnouncementStatus.BiddingClosed]: 'El propietario ha cerrado las ofertas y está decidiendo',
    [AnnouncementStatus.TenantSelected]: 'El propietario ya ha decidido',
    [AnnouncementStatus.Withdrawn]: 'El propietario ha retirado el anuncio',
    [AnnouncementStatus.Ended]: 'El anuncio ha finalizado',
    [AnnouncementStatus.Closed]: 'La vivienda ya está alquilada o vendida',
  } as Readonly<Partial<Record<string, string>>>,
  detail: {
    documentTitle: 'Detalle de la oferta',
    visitTitle: 'Tu solicitud de visita',
    offerTitle: 'Tu oferta',
    loadErrorTitle: 'No hemos podido cargar tu oferta',
    notFoundTitle: 'No encontramos esta oferta',
    notFoundText: 'Puede que el enlace no sea correcto o que la oferta no sea tuya.',
    backToList: 'Volver a mis ofertas',
    seeProperty: 'Ver el inmueble',
    /** The conversation with the other side (decision 038), with its unread count. */
    messages: (unread: number) => (unread > 0 ? `Mensajes (${unread} sin leer)` : 'Mensajes'),
    positionTitle: 'Cómo va',
    termsTitle: 'Condiciones',
    timelineTitle: 'Historial',
    decisionTitle: 'Decisión del propietario',
    selected: '¡El propietario ha elegido tu oferta!',
    selectedVisit: '¡El propietario ha aceptado tu solicitud!',
    notSelected: 'El propietario ha elegido otra oferta',
    reason: (reason: string) => `Motivo: ${reason}`,
    /** Once selected and the owner has prepared the contract (features/contracts). */
    contract: 'Ver el contrato',
    contractHint: 'El propietario ha preparado el contrato: completa tus datos y fírmalo.',
    withdrawnNotice: 'Has retirado esta oferta. Si quieres, puedes hacer una nueva desde el inmueble.',
    terms: {
      amount: 'Importe',
      paymentType: 'Forma de pago',
      mortgageAmount: 'Importe de la hipoteca',
      mortgagePreApproved: 'Hipoteca preaprobada',
      reasonPurchase: 'Motivo de la compra',
      /** Issue 23 point 13: the arras I accepted with a sale offer. */
      arras: 'Arras aceptadas',
      description: 'Mensaje para el propietario',
      typeContract: 'Tipo de contrato',
      salary: 'Salario neto mensual',
      yes: 'Sí',
      no: 'No',
    },
    actionsLabel: 'Acciones de la oferta',
    modify: 'Modificar oferta',
    offerAgain: 'Hacer una oferta nueva',
    withdraw: 'Retirar oferta',
    withdrawVisit: 'Retirar solicitud',
  },
  withdraw: {
    title: '¿Retirar tu oferta?',
    titleVisit: '¿Retirar tu solicitud de visita?',
    body: 'El propietario dejará de verla. Después podrás hacer una oferta nueva mientras el anuncio siga abierto.',
    confirm: 'Sí, retirar',
    cancel: 'Cancelar',
    done: 'Has retirado tu oferta',
  },
  documentsShare: {
    title: 'Tu documentación',
    label: documentsConsentTexts.label,
    hint: documentsConsentTexts.hint,
    sharedSince: (date: string) => `La compartes desde el ${date}.`,
    notShared: 'Ahora el propietario no puede ver tu documentación.',
    manage: 'Ver mi documentación',
    shared: 'Has compartido tu documentación con el propietario',
    revoked: 'Has dejado de compartir tu documentación',
    loadError: 'No hemos podido saber si compartes tu documentación.',
    retry: 'Reintentar',
  },
  timeline: {
    listLabel: 'Historial de la oferta',
    sent: (amount: string | null) => (amount ? `Oferta enviada: ${amount}` : 'Solicitud de visita enviada'),
    modified: (amount: string | null) => (amount ? `Oferta modificada: ${amount}` : 'Solicitud modificada'),
    seen: 'El propietario ha visto tu oferta',
    'bidding-closed': 'El propietario ha cerrado las ofertas',
    'bidding-reopened': 'El propietario ha vuelto a abrir las ofertas',
    selected: 'El propietario ha elegido tu oferta',
    'not-selected': 'El propietario ha elegido otra oferta',
    withdrawn: 'Has retirado la oferta',
    ended: 'El anuncio ha finalizado',
  },
} as const;
