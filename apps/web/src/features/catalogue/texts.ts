/** Spanish texts of the public catalogue (/properties); the property pages' are in property-texts.ts. */
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const catalogueTexts = {
  documentTitle: 'Inmuebles',
  title: 'Encuentra tu próxima casa y haz tu oferta',
  lead: 'Viviendas en venta y en alquiler, y habitaciones, publicadas por sus propietarios. Tú propones el precio.',
  resultsTitle: 'Anuncios disponibles',
  kindsLabel: 'Tipo de anuncio',
  kinds: { all: 'Todos', venta: 'Comprar', alquiler: 'Alquilar', habitacion: 'Habitaciones' },
  searchLabel: 'Busca por ciudad, barrio o calle',
  searchButton: 'Buscar',
  sortLabel: 'Ordenar por',
  sorts: { newest: 'Más recientes', 'price-asc': 'Precio más bajo', 'price-desc': 'Precio más alto' },
  filtersButton: 'Filtros',
  filtersButtonCount: (n: number) => `Filtros (${n})`,
  activeFilters: 'Filtros activos',
  removeFilter: (label: string) => `Quitar filtro: ${label}`,
  clearFilters: 'Borrar filtros',
  count: (n: number, hasMore: boolean) =>
    hasMore
      ? `Mostrando ${n} anuncios; hay más`
      : `${n} ${plural(n, 'anuncio encontrado', 'anuncios encontrados')}`,
  searching: 'Buscando anuncios…',
  loadMore: 'Ver más',
  loadMoreError: 'No hemos podido cargar más anuncios.',
  emptyTitle: 'No hay anuncios con estos filtros',
  emptyBody: 'Prueba con otra zona, un rango de precio más amplio o menos características.',
  errorTitle: 'No hemos podido cargar los anuncios',
  chips: {
    q: (q: string) => `«${q}»`,
    price: (range: string) => `Precio: ${range}`,
    rooms: (n: number) => `${n}+ habitaciones`,
    surface: (range: string) => `Superficie: ${range}`,
    min: (value: string) => `desde ${value}`,
    max: (value: string) => `hasta ${value}`,
    between: (min: string, max: string) => `${min} – ${max}`,
    pets: 'Admite mascotas',
    furnished: 'Amueblado',
    province: (code: string) => `Provincia ${code}`,
    municipality: (code: string) => `Municipio ${code}`,
  },
  card: {
    perMonth: '/mes',
    /** A recent price drop (decision 037): the euros it took off. */
    priceDrop: (amount: string) => `Ha bajado ${amount}`,
    highestOffer: (amount: string) => `Oferta más alta: ${amount}`,
    noOffers: 'Sin ofertas todavía',
    offers: (n: number) => `${n} ${plural(n, 'oferta', 'ofertas')}`,
    visitsOnly: 'Solo visitas',
    rooms: (n: number) => `${n} ${plural(n, 'hab.', 'habs.')}`,
    bathrooms: (n: number) => `${n} ${plural(n, 'baño', 'baños')}`,
    surface: (m2: string) => `${m2} m²`,
    noPhoto: 'Sin foto',
  },
} as const;
