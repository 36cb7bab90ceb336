/** Spanish texts of the development outbox. */
export const devTexts = {
  documentTitle: 'Buzón de desarrollo',
  title: 'Buzón de desarrollo',
  lead: 'Los SMS, correos y mensajes de WhatsApp que la aplicación habría enviado, del más reciente al más antiguo. Se actualiza cada 3 segundos.',
  unavailable:
    'Abre el buzón con el enlace que muestra la consola al arrancar (npm start): cambia en cada arranque. En producción no existe.',
  loadErrorTitle: 'No hemos podido leer el buzón',
  empty: 'Todavía no se ha enviado ningún mensaje.',
  caption: 'Mensajes enviados',
  columns: { date: 'Fecha', channel: 'Canal', recipient: 'Destinatario', message: 'Mensaje', code: 'Código' },
  channels: { sms: 'SMS', email: 'E-mail', whatsapp: 'WhatsApp' },
  copy: 'Copiar código',
  copyLabel: (code: string) => `Copiar código ${code}`,
  copied: (code: string) => `Código ${code} copiado`,
  copyFailed: 'No se ha podido copiar el código.',
} as const;
