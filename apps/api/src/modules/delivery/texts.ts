/** Every text of message delivery that a person reads, in Spanish (one texts file per feature). */
export const deliveryTexts = {
  brand: 'Casaoferta',
  emailFooter: 'Recibes este aviso por tu actividad en Casaoferta.',
  emailSettings: 'Puedes elegir qué avisos recibes, y por qué canal, en tus ajustes:',
  emailSettingsLink: 'Ajustes de notificaciones',
  emailUnsubscribe: 'Para no recibir más correos de Casaoferta, date de baja:',
  emailUnsubscribeLink: 'Darme de baja',
  emailAutomatic: 'Este mensaje se envía automáticamente; no respondas a esta dirección.',
  /** The WhatsApp template's only parameter cannot carry line breaks. */
  whatsappLineJoiner: ' · ',
  /** The error kept (and logged) when an e-mail's attachment no longer exists: it fails, unsent. */
  attachmentMissing: (kind: string, id: string) => `adjunto no disponible (${kind} ${id}): ya no existe`,
  attachmentUnsupported: 'adjunto no disponible: este servidor no sabe generarlo',
  invalidEmail: 'dirección de correo no válida',
  invalidPhone: 'número de teléfono no válido (se espera el formato internacional, +34...)',
} as const;
