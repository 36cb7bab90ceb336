import type { Notice } from '../offers/notify';

const madridDate = (date: Date): string =>
  date.toLocaleDateString('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  });

/** What an owner is told of an agent's tool on their announcement, in Spanish. */
export const announcementToolNotices = {
  periodExtended: (title: string, endsAt: Date): Notice => ({
    subject: 'Hemos ampliado el plazo de tu anuncio',
    body: `Hemos ampliado el periodo de publicación de «${title}»: recibe ofertas hasta el ${madridDate(endsAt)}.`,
  }),
};
