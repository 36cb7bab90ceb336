/** Spanish texts of /settings. */
export const settingsTexts = {
  documentTitle: 'Configuración',
  title: 'Configuración',
  loadErrorTitle: 'No hemos podido cargar tu configuración',
  account: {
    title: 'Datos de la cuenta',
    name: 'Nombre',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    none: '-',
  },
  notifications: {
    title: 'Notificaciones',
    intro: 'Elige por qué canal quieres que te avisemos de cada cosa.',
    caption: 'Avisos por tipo y canal',
    kind: 'Aviso',
    events: {
      offers: 'Ofertas',
      visits: 'Visitas',
      announcements: 'Mis anuncios',
      contracts: 'Contratos',
      news: 'Novedades de Casaoferta',
    },
    channels: { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' },
    cellLabel: (event: string, channel: string) => `${event} por ${channel}`,
    save: 'Guardar cambios',
    saved: 'Se han modificado los datos correctamente',
  },
  support: {
    title: 'Accesos del equipo de soporte',
    intro:
      'Cuando alguien del equipo de soporte actúa en tu cuenta para ayudarte, queda registrado aquí con su motivo.',
    empty: 'Nadie del equipo de soporte ha accedido a tu cuenta.',
    reason: 'Motivo',
    when: (from: string, to: string) => `Del ${from} al ${to}`,
    requests: (count: number) => (count === 1 ? '1 acción realizada' : `${count} acciones realizadas`),
  },
} as const;
