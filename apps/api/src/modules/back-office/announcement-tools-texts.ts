import { formatEuros, formatLongDate } from '@casaoferta/domain/format';
import type { Notice } from '../offers/notify';

export interface OfferLine {
  amount: number | null;
  perMonth: boolean;
  at: Date;
  candidateVerified: boolean;
  isVisitRequest: boolean;
}

const offerLine = (o: OfferLine, index: number, unlocked: boolean): string =>
  `${index + 1}. ${
    o.isVisitRequest
      ? 'Solicitud de visita'
      : o.amount === null || !unlocked
        ? 'Importe oculto hasta que desbloquees el anuncio'
        : formatEuros(o.amount, o.perMonth)
  } · ${formatLongDate(o.at)}${o.candidateVerified ? ' · candidato verificado' : ''}`;

/** What an owner is told of an agent's tool on their announcement, in Spanish. */
export const announcementToolNotices = {
  periodExtended: (title: string, endsAt: Date): Notice => ({
    subject: 'Hemos ampliado el plazo de tu anuncio',
    body: `Hemos ampliado el periodo de publicación de «${title}»: recibe ofertas hasta el ${formatLongDate(endsAt)}.`,
  }),
  unlocked: (title: string): Notice => ({
    subject: 'Tu anuncio está desbloqueado',
    body: `Ya puedes ver el importe de cada oferta de «${title}» y el contacto de los candidatos.`,
  }),
  /**
   * The offers e-mail an agent sends the owner (issue 14 point 4): what they have, and where to see it.
   * The amounts only once the announcement is paid (`unlocked`, decision 026).
   */
  offersSummary: (title: string, offers: OfferLine[], link: string, unlocked: boolean): Notice => ({
    subject: `Resumen de ofertas de «${title}»`,
    body: [
      offers.length === 0
        ? `«${title}» todavía no tiene ofertas en curso.`
        : `«${title}» tiene ${offers.length === 1 ? '1 oferta en curso' : `${offers.length} ofertas en curso`}:`,
      offers.map((offer, index) => offerLine(offer, index, unlocked)).join('\n'),
      `Compáralas y elige a tu candidato en ${link}`,
    ]
      .filter((paragraph) => paragraph !== '')
      .join('\n\n'),
  }),
};
