import type { Notice } from '../offers/notify';

/** Every message of the contracts feature, in Spanish (SPEC: one texts file per feature). */
export const contractNotices = {
  /** The owner sent their data: the tenant (or buyer) fills theirs. */
  ownerSent: (title: string, link: string): Notice => ({
    subject: 'Completa tus datos del contrato',
    body: `El propietario de «${title}» ha completado sus datos del contrato. Entra y completa los tuyos: ${link}`,
  }),
  /** The tenant sent theirs: the owner sends the contract to sign. */
  tenantSent: (title: string, link: string): Notice => ({
    subject: 'El contrato está listo para enviar a firma',
    body: `La otra parte ya ha completado sus datos del contrato de «${title}». Revísalo y envíalo a firmar: ${link}`,
  }),
  /** Sent to sign: both parties sign. */
  sentToSign: (title: string, link: string): Notice => ({
    subject: 'Tu contrato está listo para firmar',
    body: `El contrato de «${title}» está listo. Léelo y fírmalo con tu nombre y un código que te enviaremos por SMS: ${link}`,
  }),
  /** One party signed (`name`, their first name): the other still has to. */
  signedByOne: (name: string, title: string, link: string): Notice => ({
    subject: 'Te falta firmar el contrato',
    body: `${name} ha firmado el contrato de «${title}». Te falta firmar a ti: ${link}`,
  }),
  /** Signed by both: the signed PDF is ready. */
  signed: (title: string, link: string): Notice => ({
    subject: 'Contrato firmado',
    body: `El contrato de «${title}» está firmado por las dos partes. Descarga el PDF firmado: ${link}`,
  }),
  /** One party cancelled it: the other hears. */
  cancelled: (title: string, byOwner: boolean, link: string): Notice => ({
    subject: 'Contrato cancelado',
    body: `${byOwner ? 'El propietario' : 'La otra parte'} ha cancelado el contrato de «${title}». Más información: ${link}`,
  }),
};

/** The signing code's SMS. */
export const signCodeMessage = (code: string, minutes: number): string =>
  `Tu código para firmar el contrato en Casaoferta es ${code}. Caduca en ${minutes} minutos. No lo compartas con nadie.`;

/** The file name of a contract's PDF. */
export const contractFileName = (reference: string): string =>
  `contrato-${reference.replace(/[^A-Za-z0-9-]/g, '') || 'casaoferta'}.pdf`;
