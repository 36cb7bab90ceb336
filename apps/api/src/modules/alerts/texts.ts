import { formatEuros } from '@casaoferta/domain/format';
import type { Notice } from '../offers/notify';

/**
 * What the alerts about an announcement someone follows say (issue 26, decision 037), in Spanish. Every
 * alert names the announcement, its price, a link to it, its photo when it has one, and the link that
 * stops these alerts without logging in. Nothing here comes from an offer or a candidate: the paid
 * unlock (decision 026) has nothing to hide in them.
 */
export const alertNotices = {
  priceDropped: (
    title: string,
    oldPrice: number,
    newPrice: number,
    perMonth: boolean,
    link: string,
    photo: string | null,
    unsubscribe: string,
  ): Notice => ({
    subject: `Ha bajado de precio: ${title}`,
    body: [
      `«${title}», que tienes en favoritos, ha bajado ${formatEuros(oldPrice - newPrice)}: ahora cuesta ${formatEuros(newPrice, perMonth)} (antes ${formatEuros(oldPrice, perMonth)}).`,
      `Míralo aquí: ${link}`,
      photo ? `Foto: ${photo}` : null,
      `¿No quieres más avisos de tus favoritos? Date de baja aquí: ${unsubscribe}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n\n'),
  }),
  offersClosed: (
    title: string,
    price: number | null,
    perMonth: boolean,
    link: string,
    photo: string | null,
    unsubscribe: string,
  ): Notice => ({
    subject: `Ya no admite ofertas: ${title}`,
    body: [
      `El propietario de «${title}», que tienes en favoritos, ha cerrado las ofertas para elegir entre las recibidas. Precio: ${formatEuros(price, perMonth)}.`,
      `Míralo aquí: ${link}`,
      photo ? `Foto: ${photo}` : null,
      `¿No quieres más avisos de tus favoritos? Date de baja aquí: ${unsubscribe}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n\n'),
  }),
};
