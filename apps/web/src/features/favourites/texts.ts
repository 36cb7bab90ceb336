import type { FavouriteState } from '@casaoferta/domain/schemas/favourites';

/** "Mis favoritos" (issue 26 point 2), in Spanish. */
export const favouritesTexts = {
  documentTitle: 'Mis favoritos',
  title: 'Mis favoritos',
  intro:
    'Los anuncios que guardas con el corazón. Te avisamos si bajan de precio o si dejan de admitir ofertas; eliges cómo en Configuración.',
  listLabel: 'Anuncios guardados',
  empty: 'Aún no tienes favoritos',
  emptyText: 'Toca el corazón de un anuncio para guardarlo aquí y saber si baja de precio.',
  browse: 'Ver inmuebles',
  loadError: 'No hemos podido cargar tus favoritos.',
  loadMore: 'Ver más',
  noPhoto: 'Sin fotos',
  states: {
    onShow: 'Admite ofertas',
    offersClosed: 'Ofertas cerradas',
    decided: 'Alquilado o vendido',
    withdrawn: 'Retirado',
    ended: 'Finalizado',
  } satisfies Record<FavouriteState, string>,
  dropped: (amount: string) => `Ha bajado ${amount}`,
  rose: (amount: string) => `Ha subido ${amount}`,
  changedOn: (day: string) => `el ${day}`,
  savedOn: (day: string) => `Guardado el ${day}`,
  remove: 'Quitar',
  removeLabel: (title: string) => `Quitar de favoritos: ${title}`,
  removed: 'Quitado de Mis favoritos.',
  toSettings: 'Elegir cómo recibir los avisos',
} as const;
