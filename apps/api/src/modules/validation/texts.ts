import { formatLongDate } from '@casaoferta/domain/format';
import { withoutFinalStop } from '@casaoferta/domain/text';
import type { Notice } from '../offers/notify';

/** The property as its owner knows it: its reference, and its street when it has one. */
export const propertyPlace = (p: {
  reference: string;
  street: string;
  streetNumber: string | null;
}): string =>
  p.street ? `${p.reference} (${p.street}${p.streetNumber ? ` ${p.streetNumber}` : ''})` : p.reference;

/** What the owner is told of an agent's decision (SPEC 4.5), in Spanish (one texts file per feature). */
export const validationNotices = {
  propertyValidated: (place: string): Notice => ({
    subject: 'Tu inmueble está validado',
    body: `Hemos revisado y validado tu inmueble ${place}. Sus anuncios ya pueden publicarse.`,
  }),
  propertyRejected: (place: string, reason: string): Notice => ({
    subject: 'No hemos podido validar tu inmueble',
    body: `No hemos podido validar tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Corrígelo y vuelve a enviarlo a revisión; sus anuncios no se mostrarán hasta entonces.`,
  }),
  revisionApproved: (place: string): Notice => ({
    subject: 'Hemos aprobado los cambios de tu inmueble',
    body: `Los cambios de tu inmueble ${place} están aprobados y ya se ven en sus anuncios.`,
  }),
  revisionRejected: (place: string, reason: string): Notice => ({
    subject: 'No hemos aprobado los cambios de tu inmueble',
    body: `No hemos aprobado los cambios de tu inmueble ${place}. Motivo: ${withoutFinalStop(reason)}. Sus anuncios siguen mostrando la versión anterior; corrige los cambios y vuelve a enviarlos.`,
  }),
  announcementPublished: (title: string, endsAt: Date): Notice => ({
    subject: 'Tu anuncio ya está publicado',
    body: `«${title}» ya está publicado y recibe ofertas hasta el ${formatLongDate(endsAt)}.`,
  }),
  announcementRejected: (title: string, reason: string): Notice => ({
    subject: 'No hemos podido publicar tu anuncio',
    body: `No hemos podido publicar «${title}». Motivo: ${withoutFinalStop(reason)}. Corrígelo y vuelve a enviarlo a revisión.`,
  }),
};
