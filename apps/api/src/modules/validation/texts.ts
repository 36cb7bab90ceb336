import { formatLongDate } from '@casaoferta/domain/format';
import { withoutFinalStop } from '@casaoferta/domain/text';
import type { OwnerNextStep } from '@casaoferta/domain/rules/owner-next-step';
import type { Notice } from '../offers/notify';

/** The property as its owner knows it: its reference, and its street when it has one. */
export const propertyPlace = (p: {
  reference: string;
  street: string;
  streetNumber: string | null;
}): string =>
  p.street ? `${p.reference} (${p.street}${p.streetNumber ? ` ${p.streetNumber}` : ''})` : p.reference;

/** The line that takes the owner to the property's next step (issue 23: no notice is a dead end). */
const nextStepLine = (step: OwnerNextStep, link: string): string => {
  switch (step) {
    case 'createAnnouncement':
      return `Crea su anuncio aquí: ${link}`;
    case 'continueAnnouncement':
      return `Termina su anuncio y publícalo aquí: ${link}`;
    case 'correctAnnouncement':
      return `Corrige el anuncio aquí: ${link}`;
    case 'continueProperty':
    case 'correctProperty':
      return `Corrígelo aquí: ${link}`;
    case 'followOffers':
    case 'chooseOffer':
    case 'signContract':
    case 'done':
      return `Sigue sus ofertas aquí: ${link}`;
    default:
      return `Míralo aquí: ${link}`;
  }
};

/**
 * What the owner is told of an agent's decision (SPEC 4.5), in Spanish (one texts file per feature).
 * Every notice ends with a link to what the owner does next, built from config.publicOrigin.
 */
export const validationNotices = {
  propertyValidated: (place: string, step: OwnerNextStep, link: string): Notice => ({
    subject: 'Tu inmueble está validado',
    body: `Hemos revisado y validado tu inmueble ${place}. Sus anuncios ya pueden publicarse. ${nextStepLine(step, link)}`,
  }),
  propertyRejected: (place: string, reason: string, link: string): Notice => ({
    subject: 'No hemos podido validar tu inmueble',
    body: `No hemos podido validar tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Corrígelo y vuelve a enviarlo a revisión; sus anuncios no se mostrarán hasta entonces. ${nextStepLine('correctProperty', link)}`,
  }),
  revisionApproved: (place: string, step: OwnerNextStep, link: string): Notice => ({
    subject: 'Hemos aprobado los cambios de tu inmueble',
    body: `Los cambios de tu inmueble ${place} están aprobados y ya se ven en sus anuncios. ${nextStepLine(step, link)}`,
  }),
  revisionRejected: (place: string, reason: string, link: string): Notice => ({
    subject: 'No hemos aprobado los cambios de tu inmueble',
    body: `No hemos aprobado los cambios de tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Sus anuncios siguen mostrando la versión anterior; corrige los cambios y vuelve a enviarlos. ${nextStepLine('correctProperty', link)}`,
  }),
  announcementPublished: (title: string, endsAt: Date, link: string): Notice => ({
    subject: 'Tu anuncio ya está publicado',
    body: `«${title}» ya está publicado y recibe ofertas hasta el ${formatLongDate(endsAt)}. ${nextStepLine('followOffers', link)}`,
  }),
  /** Issue 23 point 6: the property and its announcement decided together, one notice. */
  bothPublished: (place: string, title: string, endsAt: Date, link: string): Notice => ({
    subject: 'Tu inmueble está validado y tu anuncio publicado',
    body: `Hemos validado tu inmueble ${place} y «${title}» ya está publicado: recibe ofertas hasta el ${formatLongDate(endsAt)}. ${nextStepLine('followOffers', link)}`,
  }),
  propertyValidatedAnnouncementRejected: (
    place: string,
    title: string,
    reason: string,
    link: string,
  ): Notice => ({
    subject: 'Tu inmueble está validado, pero no hemos podido publicar tu anuncio',
    body: `Hemos validado tu inmueble ${place}, pero no hemos podido publicar «${title}». Motivo: ${withoutFinalStop(reason)}. Corrígelo y vuelve a enviarlo a revisión. ${nextStepLine('correctAnnouncement', link)}`,
  }),
  propertyRejectedAnnouncementWaits: (
    place: string,
    reason: string,
    title: string,
    link: string,
  ): Notice => ({
    subject: 'No hemos podido validar tu inmueble',
    body: `No hemos podido validar tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Tu anuncio «${title}» sigue pendiente de validación: corrige el inmueble, vuelve a enviarlo y revisaremos los dos juntos. ${nextStepLine('correctProperty', link)}`,
  }),
  bothRejected: (
    place: string,
    reason: string,
    title: string,
    announcementReason: string,
    link: string,
  ): Notice => ({
    subject: 'No hemos podido validar tu inmueble ni publicar tu anuncio',
    body: `No hemos podido validar tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Tampoco hemos podido publicar «${title}». Motivo: ${withoutFinalStop(announcementReason)}. Corrige los dos y vuelve a enviarlos a revisión. ${nextStepLine('correctProperty', link)}`,
  }),
  announcementRejected: (title: string, reason: string, link: string): Notice => ({
    subject: 'No hemos podido publicar tu anuncio',
    body: `No hemos podido publicar «${title}». Motivo: ${withoutFinalStop(reason)}. Corrígelo y vuelve a enviarlo a revisión. ${nextStepLine('correctAnnouncement', link)}`,
  }),
};
