import { formatEuros, formatLongDate } from '@casaoferta/domain/format';
import type { Notice } from '../offers/notify';

/** A person as the contact e-mail names them. */
export interface ContactPerson {
  name: string;
  surname: string;
  phoneNumber: string | null;
  email: string | null;
}

/** A candidate of the announcement: who, and what they asked for. */
export interface ContactCandidate extends ContactPerson {
  amount: number | null;
  isVisitRequest: boolean;
  at: Date;
}

const personLine = (person: ContactPerson): string =>
  [
    `${person.name} ${person.surname}`.trim(),
    person.phoneNumber ?? 'sin teléfono',
    person.email ?? 'sin correo confirmado',
  ].join(' · ');

const candidateLine = (candidate: ContactCandidate, index: number, perMonth: boolean): string =>
  `${index + 1}. ${personLine(candidate)} · ${
    candidate.isVisitRequest || candidate.amount === null
      ? 'Solicitud de visita'
      : `Oferta de ${formatEuros(candidate.amount, perMonth)}`
  } · ${formatLongDate(candidate.at)}`;

/**
 * The e-mail an agent receives with 'Recibir datos de contacto' (SPEC 6, 8): to the agent's own
 * address, never to an owner. It names everyone in full, as the back office sees them (decision 019):
 * the paid unlock (decision 026) is about what the owner learns, and the owner gets nothing here.
 */
export const contactDataNotices = {
  agentContactData: (
    title: string,
    reference: string,
    owner: ContactPerson,
    candidates: ContactCandidate[],
    perMonth: boolean,
    link: string,
  ): Notice => ({
    subject: `Datos de contacto de «${title}» (${reference})`,
    body: [
      `Propietario: ${personLine(owner)}`,
      candidates.length === 0
        ? 'El anuncio todavía no tiene candidatos con ofertas o solicitudes de visita en curso.'
        : `Candidatos (${candidates.length}):\n${candidates
            .map((candidate, index) => candidateLine(candidate, index, perMonth))
            .join('\n')}`,
      `Inmueble: ${link}`,
    ].join('\n\n'),
  }),
};
