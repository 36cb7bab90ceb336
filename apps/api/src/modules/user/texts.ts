/** What the account's e-mail messages say, in Spanish (one texts file per feature). */
export const userEmailTexts = {
  confirmSubject: 'Confirma tu correo en Casaoferta',
  /** `name` only when it is written as a name (else a plain greeting). */
  confirmBody: (name: string | null, link: string) =>
    `${name ? `Hola, ${name}:` : 'Hola:'}\n\nPara recibir los avisos de Casaoferta en este correo, confírmalo abriendo este enlace:\n\n${link}\n\nEl enlace caduca en 24 horas. Si no has sido tú, ignora este mensaje: no usaremos esta dirección.`,
} as const;
