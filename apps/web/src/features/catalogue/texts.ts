export const catalogueTexts = {
  documentTitle: 'Inmuebles',
  title: 'Encuentra tu próxima casa y haz tu oferta',
  lead: 'Viviendas en venta y en alquiler, y habitaciones, publicadas por sus propietarios y revisadas por nuestro equipo. Tú propones el precio.',
  kinds: [
    { title: 'Comprar', body: 'Pisos y casas en venta. Oferta al contado o con hipoteca.' },
    { title: 'Alquilar', body: 'Viviendas completas en alquiler, con el precio al mes.' },
    { title: 'Compartir', body: 'Habitaciones en pisos compartidos, con gastos claros.' },
  ],
  emptyTitle: 'Todavía no hay anuncios publicados',
  emptyBody:
    'Nuestro equipo está revisando los primeros inmuebles. Si tienes una vivienda, publícala hoy y recibe ofertas de candidatos solventes.',
  publish: 'Publica tu anuncio',
  howItWorks: 'Cómo funciona',
} as const;
