/** What the payments module writes to people (Spanish). */
export const paymentTexts = {
  description: (title: string) => `Casaoferta: desbloqueo de ofertas de «${title}»`,
  untitled: 'tu anuncio',
  paidNotice: {
    subject: 'Pago recibido',
    body: (title: string, link: string) =>
      `Hemos recibido el pago de «${title}». Ya puedes ver los importes de las ofertas y los datos de contacto de los candidatos: ${link}`,
  },
} as const;

/** The WhatsApp message an agent sends the owner with the payment summary's link (SPEC 6). */
export const paymentLinkNotice = (title: string, link: string) => ({
  subject: 'Enlace de pago de tu anuncio',
  body: `Desbloquea los importes de las ofertas y los contactos de los candidatos de «${title}» con un único pago: ${link}`,
});
