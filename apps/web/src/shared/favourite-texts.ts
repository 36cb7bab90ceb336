/** The favourites' heart and its messages, in Spanish (shared by the catalogue and "Mis favoritos"). */
export const favouriteTexts = {
  add: 'Guardar en favoritos',
  remove: 'Quitar de favoritos',
  added: 'Guardado en Mis favoritos.',
  removed: 'Quitado de Mis favoritos.',
} as const;
