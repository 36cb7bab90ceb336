import type { Notice } from '../offers/notify';

/** What the other parties of a blocked user are told (SPEC 4.6), in Spanish. */
export const blockNotices = {
  /** To an owner: an offer on their announcement was withdrawn because its candidate's account was blocked. */
  offerWithdrawn: (title: string): Notice => ({
    subject: 'Se ha retirado una oferta de tu anuncio',
    body: `Una oferta de «${title}» se ha retirado porque la cuenta del candidato se ha desactivado. El resto de ofertas siguen en pie.`,
  }),
  /** To an owner whose chosen candidate was blocked: the announcement is back to bidding closed. */
  selectedWithdrawn: (title: string): Notice => ({
    subject: 'El candidato elegido ya no está disponible',
    body: `El candidato que elegiste para «${title}» ya no está disponible porque su cuenta se ha desactivado. Puedes elegir otra oferta o reabrir las ofertas.`,
  }),
};
