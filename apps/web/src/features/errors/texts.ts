export const errorPageTexts = {
  notFound: {
    documentTitle: 'Página no encontrada',
    title: 'No encontramos esta página',
    body: 'Puede que el enlace esté mal escrito o que el anuncio ya no esté publicado.',
    primary: 'Ver inmuebles',
    secondary: 'Qué es Casaoferta',
  },
  notAllowed: {
    documentTitle: 'Acceso no permitido',
    title: 'No tienes acceso a esta página',
    body: 'Tu cuenta no tiene permisos para ver este contenido. Si crees que es un error, escríbenos por el chat.',
    primary: 'Volver a inmuebles',
  },
} as const;
