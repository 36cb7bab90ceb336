import { formatLongDate } from '@casaoferta/domain/format';
import type { Notice } from '../offers/notify';

/** What the scheduled jobs tell people, in Spanish (one texts file per feature). */
export const scheduledNotices = {
  periodEnding: (title: string, endsAt: Date): Notice => ({
    subject: 'Tu anuncio termina pronto',
    body:
      `«${title}» deja de recibir ofertas el ${formatLongDate(endsAt)}. Si ya tienes ofertas, podrás ` +
      'elegir entre ellas cuando termine. Si necesitas más tiempo, escríbenos y ampliaremos el periodo.',
  }),
};
