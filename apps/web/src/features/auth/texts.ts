/** Spanish texts of login, registration and the agents' login. */
export const authTexts = {
  login: {
    documentTitle: 'Accede a tu cuenta',
    registerDocumentTitle: 'Regístrate gratis',
    title: 'Accede a tu cuenta',
    registerTitle: 'Regístrate gratis',
    lead: 'Te enviaremos un código por SMS para comprobar que el número es tuyo. Sin contraseñas.',
    registerLead: 'Crea tu cuenta con tu móvil: te enviaremos un código por SMS para comprobarlo.',
    toRegister: 'Regístrate gratis',
    toRegisterPrompt: '¿Aún no tienes cuenta?',
    toLogin: 'Accede a tu cuenta',
    toLoginPrompt: '¿Ya tienes cuenta?',
    agentsLink: 'Acceso para agentes',
    /**
     * What the login is for, by the afterAction that sent the visitor here (the property page's
     * make-offer:<id> and request-visit:<id>, issue 23 point 14): said as the page's heading.
     */
    purposes: {
      'make-offer': 'Para enviar tu oferta, entra o regístrate',
      'request-visit': 'Para pedir la visita, entra o regístrate',
      favourite: 'Para guardar tus favoritos, entra o regístrate',
    } as Readonly<Record<string, string>>,

    devOutboxHint: '¿Sin SMS? Mira el buzón de desarrollo',
  },
  phone: {
    legend: 'Tu número de móvil',
    country: 'Prefijo',
    number: 'Número de móvil',
    numberHint: 'Por ejemplo, 612 34 56 78. También puedes escribirlo con su prefijo internacional.',
    invalid: 'Escribe un número de móvil válido para el prefijo elegido.',
    required: 'Escribe tu número de móvil.',
    send: 'Enviar código',
  },
  /** A 429 on code requests, with the server's Retry-After rounded up to minutes. */
  waitMinutes: (minutes: number) =>
    `Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} antes de pedir otro código.`,
  person: {
    name: 'Nombre',
    surname: 'Apellidos',
    nameRequired: 'Escribe tu nombre.',
    surnameRequired: 'Escribe tus apellidos.',
    tooLong: 'Es demasiado largo (80 caracteres como máximo).',
    privacyBefore: 'He leído y acepto la ',
    privacyLink: 'política de privacidad',
    privacyRequired: 'Para crear tu cuenta tienes que aceptar la política de privacidad.',
  },
  code: {
    title: 'Introduce el código',
    sentTo: (phone: string) => `Te hemos enviado un código de 6 cifras por SMS al ${phone}.`,
    label: 'Código de 6 cifras',
    invalid: 'El código tiene 6 cifras.',
    verify: 'Verificar',
    resend: 'Reenviar código',
    resendIn: (seconds: number) => `Podrás pedir otro código en ${seconds} s`,
    resent: 'Código reenviado.',
    changeNumber: 'Cambiar número',
  },
  register: {
    title: 'Completa tu registro',
    lead: 'Este número aún no tiene cuenta. Dinos cómo te llamas para crearla.',
    submit: 'Crear cuenta',
  },
  agents: {
    documentTitle: 'Acceso para agentes',
    title: 'Acceso para agentes',
    lead: 'Entra con el correo y la contraseña de tu cuenta de agente.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    emailInvalid: 'Escribe un correo electrónico válido.',
    passwordRequired: 'Escribe tu contraseña.',
    submit: 'Entrar',
    userLogin: '¿No eres agente? Accede con tu móvil',
  },
} as const;
