/**
 * The consent a candidate gives per offer to show their documents to its owner (decision 016): one legal
 * text for the offer's detail (my-offers) and the offer flow (make-offer, issue 23 point 7).
 */
export const documentsConsentTexts = {
  label: 'Compartir mi documentación con el propietario',
  hint: 'El propietario podrá ver y descargar los documentos de tu perfil, los de tus co-titulares y los de tus avalistas, para decidir antes. Cada descarga queda registrada y puedes dejar de compartirlos cuando quieras.',
} as const;
