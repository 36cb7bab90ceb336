import { formatEuros } from '@casaoferta/domain/format';
import { offerDecisionReasonLabels } from '@casaoferta/domain/masters/offer-contract';
import type { OfferDecisionReasonCode } from '@casaoferta/domain/codes';
import type { Notice } from './notify';

/** Every notice of the offers feature, in Spanish (SPEC: one texts file per feature). */
export const offerNotices = {
  /**
   * To the owner. The amount only once the announcement is paid (`unlocked`, the paid unlock of
   * decision 026): until then the notice says an offer arrived and how to see it.
   */
  newOffer: (title: string, amount: number, monthly: boolean, unlocked: boolean): Notice => ({
    subject: 'Has recibido una nueva oferta',
    body: unlocked
      ? `Has recibido una oferta de ${formatEuros(amount, monthly)} en «${title}». Entra en Casaoferta para verla y compararla.`
      : `Has recibido una nueva oferta en «${title}». Paga el anuncio para ver los importes de las ofertas y los datos de los candidatos.`,
  }),
  newVisitRequest: (title: string): Notice => ({
    subject: 'Nueva solicitud de visita',
    body: `Alguien quiere visitar «${title}». Entra en Casaoferta para ver la solicitud.`,
  }),
  biddingClosed: (title: string): Notice => ({
    subject: 'El propietario ha cerrado la recepción de ofertas',
    body: `El propietario de «${title}» ya no acepta ofertas y está decidiendo. Te avisaremos de su decisión.`,
  }),
  biddingReopened: (title: string): Notice => ({
    subject: 'El propietario vuelve a aceptar ofertas',
    body: `El propietario de «${title}» ha vuelto a abrir la recepción de ofertas. Tu oferta sigue en pie y puedes mejorarla.`,
  }),
  ended: (title: string): Notice => ({
    subject: 'El anuncio ya no está disponible',
    body: `«${title}» ya no está disponible y tu oferta ha finalizado con él. Sigue buscando: hay más inmuebles esperándote.`,
  }),
  selected: (title: string): Notice => ({
    subject: '¡Han elegido tu oferta!',
    body: `El propietario de «${title}» ha elegido tu oferta. Entra en Casaoferta para ver los siguientes pasos.`,
  }),
  notSelected: (title: string, reason: OfferDecisionReasonCode): Notice => ({
    subject: 'El propietario ha elegido otra oferta',
    body: `El propietario de «${title}» ha elegido otra oferta. Motivo: ${offerDecisionReasonLabels[reason]}. Sigue buscando: hay más inmuebles esperándote.`,
  }),
  completeData: (title: string): Notice => ({
    subject: 'El propietario te pide completar tu perfil',
    body: `El propietario de «${title}» quiere valorar tu oferta y te pide que completes tu perfil de inquilino.`,
  }),
  /**
   * An SMS to any phone an owner types: it names the property by its kind and town (`defaultTitle`),
   * never by a text the owner wrote (their name or own title), so it cannot carry someone else's message.
   */
  invite: (property: string, link: string): Notice => ({
    subject: 'Te invitan a hacer una oferta',
    body: `Te invitan a hacer una oferta por «${property}» en Casaoferta: ${link}`,
  }),
};
