import { formatNumber } from '@casaoferta/domain/format';
import type { ReportReason } from '@casaoferta/domain/rules/message-text';

/** Spanish texts of the conversation between owner and candidate (decision 038). */
export const messagesTexts = {
  documentTitle: (name: string) => `Mensajes con ${name}`,
  title: (name: string) => `Conversación con ${name}`,
  about: (title: string) => `Sobre «${title}»`,
  offerKind: { offer: 'Oferta', visit: 'Solicitud de visita' },
  back: { owner: 'Volver a las ofertas', candidate: 'Volver a tu oferta' },
  listLabel: 'Mensajes',
  empty: 'Todavía no hay mensajes. Escribe el primero: preséntate o pregunta lo que necesites.',
  older: 'Ver mensajes anteriores',
  locked:
    'Hasta que el anuncio esté pagado, los teléfonos, correos, enlaces y apellidos que se escriban aparecen ocultos para los dos.',
  lockedOwnerAction: 'Pagar el anuncio',
  me: 'Tú',
  seen: 'Visto',
  sent: 'Enviado',
  sending: 'Enviando…',
  failed: 'No se ha enviado.',
  retry: 'Reintentar',
  masked: 'Parte del mensaje está oculta',
  composerLabel: 'Escribe un mensaje',
  composerHint: 'Ctrl + Intro para enviar',
  counter: (count: number, max: number) => `${formatNumber(count)} / ${formatNumber(max)}`,
  send: 'Enviar',
  closed: 'No puedes escribir en esta conversación: la otra persona ya no está disponible.',
  impersonating:
    'Estás viendo la conversación como este usuario: los agentes no pueden escribir en su nombre.',
  newMessage: (name: string) => `Nuevo mensaje de ${name}`,
  loadErrorTitle: 'No hemos podido cargar la conversación',
  notFoundTitle: 'Esta conversación no existe',
  notFoundText: 'Puede que el enlace no sea correcto o que no formes parte de ella.',
  toList: 'Ir a mis ofertas',
  time: (iso: string) =>
    new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso)),
  report: {
    conversation: 'Denunciar conversación',
    message: 'Denunciar mensaje',
    title: { conversation: 'Denunciar esta conversación', message: 'Denunciar este mensaje' },
    intro: 'Nuestro equipo revisará la conversación. La otra persona no sabrá que la has denunciado.',
    reasonLegend: 'Motivo',
    reasons: {
      spam: 'Publicidad o mensajes repetidos',
      offensive: 'Insultos o trato ofensivo',
      fraud: 'Posible estafa o pide pagos fuera de Casaoferta',
      contact: 'Insiste en conseguir mis datos de contacto',
      other: 'Otro motivo',
    } satisfies Record<ReportReason, string>,
    detailsLabel: 'Cuéntanos más (opcional)',
    submit: 'Enviar denuncia',
    cancel: 'Cancelar',
    reasonRequired: 'Elige un motivo.',
    done: 'Gracias. Hemos recibido tu denuncia y la revisaremos.',
  },
  /** The link from an offer's detail, with its unread count. */
  open: (unread: number) => (unread > 0 ? `Mensajes (${formatNumber(unread)} sin leer)` : 'Mensajes'),
};
