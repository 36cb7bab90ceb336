import type { Notice } from '../offers/notify';

/**
 * What the conversations tell people away from the product, in Spanish (decision 038). A notice never
 * carries the messages' text (it could hold what the paid unlock hides) nor more than a first name.
 */
export const messageNotices = {
  unread: (name: string, title: string, link: string): Notice => ({
    subject: `Tienes mensajes nuevos de ${name}`,
    body: `${name} te ha escrito sobre «${title}». Lee sus mensajes y contesta en Casaoferta: ${link}`,
  }),
};
