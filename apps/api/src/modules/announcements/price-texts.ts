import { formatEuros } from '@casaoferta/domain/format';
import type { Notice } from '../offers/notify';

/** What the owner is told of their price change on a live announcement (decision 037), in Spanish. */
export const priceChangeNotices = {
  approved: (title: string, price: number, perMonth: boolean): Notice => ({
    subject: 'Hemos publicado tu nuevo precio',
    body: `«${title}» ya se anuncia a ${formatEuros(price, perMonth)}. Quienes lo tienen en favoritos reciben un aviso si el precio ha bajado.`,
  }),
  rejected: (title: string, price: number, perMonth: boolean): Notice => ({
    subject: 'No hemos podido publicar tu nuevo precio',
    body: `Hemos revisado el precio de ${formatEuros(price, perMonth)} para «${title}» y no lo hemos publicado: el anuncio sigue con su precio anterior. Si crees que es un error, escríbenos.`,
  }),
};
