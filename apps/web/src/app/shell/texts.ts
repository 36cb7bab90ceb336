/**
 * Spanish texts of the app shell that every page shows: header, footer, cookie banner, chat. The
 * overlays' own (menu, publish chooser, tutorial, cookie settings) are in overlay-texts.ts, loaded with
 * them (issue 29 point 5: the first load).
 */
export const shellTexts = {
  brand: 'Casaoferta',
  skipLink: 'Saltar al contenido',
  pageLoadFailed: 'No se ha podido cargar la página.',
  pageError: {
    loadText:
      'Puede que la conexión haya fallado o que acabemos de publicar una versión nueva. Vuelve a intentarlo; si sigue sin cargar, recarga la página.',
    renderTitle: 'Ha ocurrido un error al mostrar la página.',
    renderText: 'Vuelve a intentarlo. Si el error se repite, recarga la página o vuelve dentro de un rato.',
  },
  header: {
    homeLabel: 'Casaoferta, ir a inmuebles',
    openMenu: 'Abrir menú',
    openMenuUnread: (count: number) =>
      `Abrir menú (${count} ${count === 1 ? 'mensaje sin leer' : 'mensajes sin leer'})`,
    publish: 'Publica tu anuncio',
  },
  footer: {
    navLabel: 'Información',
    about: 'Qué es Casaoferta',
    owners: 'Propietarios',
    tenants: 'Inquilinos',
    partners: 'Partners',
    privacyPolicy: 'Política de privacidad',
    legalNotice: 'Aviso legal',
    cookiesPolicy: 'Política de cookies',
    cookieSettings: 'Configurar cookies',
    copyright: (year: number) => `© ${year} Casaoferta. Vivienda con ofertas transparentes.`,
  },
  cookies: {
    bannerLabel: 'Aviso de cookies',
    bannerTitle: 'Tu privacidad, tus reglas',
    bannerText:
      'Usamos cookies esenciales para que la web funcione y, solo si nos dejas, cookies analíticas y de grabación de sesión para mejorarla.',
    policyLink: 'Lee nuestra política de cookies',
    acceptAll: 'Aceptar todas',
    rejectAll: 'Rechazar todas',
    configure: 'Configurar',
  },
  chat: {
    regionLabel: 'Ayuda',
    label: 'Escríbenos por WhatsApp',
    genericMessage: 'Hola, tengo una consulta sobre Casaoferta.',
    propertyMessage: (title: string, reference: string) =>
      `Hola, tengo una consulta sobre el inmueble "${title}" (referencia ${reference}) en Casaoferta.`,
  },
} as const;
