import type { WizardStep } from '@casaoferta/domain/rules/tenant-profile';

/** Which people of the profile a page or the wizard is about. */
export type PersonRole = 'coHolder' | 'guarantor';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Spanish texts of the tenant's solvency profile: /profile, its subpages and the wizard. */
export const profileTexts = {
  backToProfile: 'Volver a mi perfil',
  notFilled: 'Sin completar',
  loadErrorTitle: 'No hemos podido cargar tu perfil',
  mastersErrorTitle: 'No hemos podido cargar las opciones del formulario',
  save: 'Guardar cambios',
  fixErrors: 'Revisa los campos marcados.',
  /** SPEC 8 success toasts. */
  toasts: {
    dataSaved: 'Se han modificado los datos correctamente',
    presentationSaved: 'Se ha modificado correctamente',
    personSaved: {
      coHolder: 'Se ha guardado un co-titular correctamente',
      guarantor: 'Se ha guardado un avalista correctamente',
    } satisfies Record<PersonRole, string>,
    personDeleted: {
      coHolder: 'Se ha eliminado el co-titular',
      guarantor: 'Se ha eliminado el avalista',
    } satisfies Record<PersonRole, string>,
    profileDeleted: (withdrawn: number) =>
      withdrawn === 0
        ? 'Se ha eliminado tu perfil'
        : `Se ha eliminado tu perfil y se ${plural(withdrawn, 'ha retirado 1 oferta', `han retirado ${withdrawn} ofertas`)}`,
  },
  fields: {
    nif: 'DNI/NIE',
    nifHint: 'Con su letra, sin espacios: 12345678Z o X1234567L.',
    typeContractCode: 'Tipo de contrato',
    salaryRangeCode: 'Tramo de ingresos netos al mes',
    salaryRangeHint: 'Lo que cobras cada mes, después de impuestos.',
    name: 'Nombre',
    surname: 'Apellidos',
    birthDate: 'Fecha de nacimiento',
    countryCode: 'Nacionalidad',
    civilStatusCode: 'Estado civil',
    numberCohabitants: 'Número de convivientes',
    numberCohabitantsHint: 'Personas que vivirían contigo en la vivienda, sin contarte a ti.',
    numberChildren: 'Número de hijos',
    numberChildrenDisabled: 'Sin convivientes no hay hijos que indicar.',
    hasPets: 'Mascotas',
    hasSmokers: 'Fumadores',
    presentation: 'Tu presentación',
  },
  /** SPEC 5.4 messages of the radio selectors (and of every required field of the profile). */
  selector: {
    required: (title: string) => `El campo ${title} es requerido`,
    unknown: (value: string, title: string) => `La opción '${value}' no existe en ${title}`,
  },
  yes: 'Sí',
  no: 'No',
  wizard: {
    titles: {
      profile: 'Completa tu perfil',
      newPerson: { coHolder: 'Añadir co-titular', guarantor: 'Añadir avalista' } satisfies Record<
        PersonRole,
        string
      >,
      editPerson: { coHolder: 'Editar co-titular', guarantor: 'Editar avalista' } satisfies Record<
        PersonRole,
        string
      >,
    },
    stepsLabel: 'Pasos',
    steps: {
      work: 'Situación laboral',
      personal: 'Datos personales',
      household: 'Convivencia',
    } satisfies Record<WizardStep, string>,
    stepOf: (current: number, total: number) => `Paso ${current} de ${total}:`,
    back: 'Atrás',
    next: 'Siguiente',
    save: 'Guardar',
    fillToContinue: 'Completa los campos obligatorios para continuar.',
    savedTitle: '¡Listo! Datos guardados',
    savedBody: {
      profile:
        'Tu perfil está completo. Los propietarios verán tu solvencia cuando hagas una oferta, y podrás ofertar sin rellenar nada más.',
      coHolder:
        'El co-titular ya forma parte de tu perfil. Sus ingresos se sumarán a los tuyos en tus próximas ofertas.',
      guarantor:
        'El avalista ya forma parte de tu perfil. Los propietarios verán que alguien respalda tus pagos.',
    },
    whatNext: '¿Qué quieres hacer ahora?',
    seeProperties: 'Ver inmuebles',
    goToProfile: 'Ir a mi perfil',
  },
  hub: {
    documentTitle: 'Mi perfil',
    title: 'Mi perfil',
    intro:
      'Tu perfil de solvencia: lo que ven los propietarios cuando haces una oferta. Cuanto más completo, más fuerza tiene tu oferta.',
    statusTitle: 'Estado de tu perfil',
    complete: 'Tu perfil está completo.',
    incomplete: (missing: string) => `Te falta: ${missing}.`,
    rentalReady: 'Ya puedes hacer ofertas de alquiler.',
    rentalMissing:
      'Para ofertar en alquiler necesitas tu situación laboral: DNI/NIE, tipo de contrato y tramo de ingresos.',
    saleReady: 'Ya puedes hacer ofertas de compra.',
    saleMissing: 'Para ofertar en venta necesitas indicar tu tipo de contrato.',
    completeButton: 'Completar perfil',
    sectionsTitle: 'Secciones',
    sections: {
      aboutMe: 'Sobre mí',
      work: 'Situación laboral',
      household: 'Convivencia',
      coHolders: 'Co-titulares',
      guarantors: 'Avalistas',
      presentation: 'Presentación',
      documents: 'Documentación',
    },
    people: (count: number, role: PersonRole) =>
      count === 0
        ? role === 'coHolder'
          ? 'Ningún co-titular todavía'
          : 'Ningún avalista todavía'
        : role === 'coHolder'
          ? `${count} ${plural(count, 'co-titular', 'co-titulares')}`
          : `${count} ${plural(count, 'avalista', 'avalistas')}`,
    documents: (count: number) =>
      count === 0 ? 'Ningún documento todavía' : `${count} ${plural(count, 'documento', 'documentos')}`,
    household: (cohabitants: number, children: number, pets: boolean, smokers: boolean) =>
      [
        cohabitants === 0
          ? 'Vivirías solo/a'
          : `${cohabitants} ${plural(cohabitants, 'conviviente', 'convivientes')}`,
        cohabitants > 0 ? `${children} ${plural(children, 'hijo', 'hijos')}` : null,
        pets ? 'con mascotas' : 'sin mascotas',
        smokers ? 'fumadores' : 'no fumadores',
      ]
        .filter(Boolean)
        .join(' · '),
    noPresentation: 'Sin presentación',
    age: (years: number) => `${years} años`,
    deleteTitle: 'Eliminar perfil',
    deleteLead: 'Borra tus datos de solvencia de Casaoferta.',
  },
  delete: {
    button: 'Eliminar perfil',
    title: '¿Eliminar tu perfil?',
    body: 'Se borrarán tus datos personales, tu situación laboral, tu convivencia y tu presentación, tus co-titulares, tus avalistas y todos tus documentos. No se puede deshacer.',
    offers: (count: number) =>
      count === 1 ? 'Se retirará tu oferta activa.' : `Se retirarán tus ${count} ofertas activas.`,
    noOffers: 'No tienes ofertas activas: no se retirará ninguna.',
    offersUnknown:
      'No hemos podido comprobar tus ofertas activas. Si tienes alguna, se retirará al eliminar el perfil.',
    checkingOffers: 'Comprobando tus ofertas activas…',
    cancel: 'Cancelar',
    confirm: 'Eliminar perfil',
  },
  sectionPages: {
    aboutMe: {
      title: 'Sobre mí',
      intro: 'Tus datos personales, tal como aparecen en tu documento de identidad.',
    },
    work: {
      title: 'Situación laboral',
      intro: 'Con estos datos el propietario valora si el alquiler encaja con tus ingresos.',
    },
    household: {
      title: 'Convivencia',
      intro: 'Quién viviría contigo en la vivienda.',
    },
    presentation: {
      title: 'Presentación',
      intro:
        'Cuéntale al propietario quién eres: a qué te dedicas, por qué buscas vivienda, cómo cuidas de tu casa. Los propietarios la leen junto a tu oferta.',
      placeholder: 'Hola, soy…',
      counter: (used: number, max: number) => `${used}/${max} caracteres`,
    },
  },
  people: {
    titles: { coHolder: 'Co-titulares', guarantor: 'Avalistas' } satisfies Record<PersonRole, string>,
    intro: {
      coHolder: 'Personas que firmarían el contrato contigo y compartirían el pago del alquiler.',
      guarantor: 'Personas que responderían del pago si tú no pudieras hacerlo.',
    } satisfies Record<PersonRole, string>,
    add: { coHolder: 'Añadir co-titular', guarantor: 'Añadir avalista' } satisfies Record<PersonRole, string>,
    limit: (max: number, role: PersonRole) =>
      `Has llegado al máximo de ${max} ${role === 'coHolder' ? 'co-titulares' : 'avalistas'}.`,
    empty: {
      coHolder: 'Todavía no has añadido ningún co-titular',
      guarantor: 'Todavía no has añadido ningún avalista',
    } satisfies Record<PersonRole, string>,
    listLabel: { coHolder: 'Tus co-titulares', guarantor: 'Tus avalistas' } satisfies Record<
      PersonRole,
      string
    >,
    nif: 'DNI/NIE',
    contract: 'Contrato',
    salary: 'Ingresos',
    edit: 'Editar',
    delete: 'Eliminar',
    editLabel: (name: string) => `Editar a ${name}`,
    deleteLabel: (name: string) => `Eliminar a ${name}`,
    deleteTitle: (name: string) => `¿Eliminar a ${name}?`,
    deleteBody: {
      coHolder: 'Se borrarán sus datos y sus documentos, y dejará de figurar como co-titular en tu perfil.',
      guarantor: 'Se borrarán sus datos y sus documentos, y dejará de figurar como avalista en tu perfil.',
    } satisfies Record<PersonRole, string>,
    cancel: 'Cancelar',
    confirmDelete: 'Eliminar',
    info: {
      open: { coHolder: '¿Qué es un co-titular?', guarantor: '¿Qué es un avalista?' } satisfies Record<
        PersonRole,
        string
      >,
      close: 'Entendido',
      body: {
        coHolder: [
          'Un co-titular es alguien que firma el contrato de alquiler contigo: tu pareja, un familiar o la persona con la que vas a compartir piso.',
          'Sus ingresos se suman a los tuyos. Si sus ingresos y los tuyos suman bastante más de lo que cuesta el alquiler, el propietario ve que el pago está asegurado y tu oferta gana fuerza.',
          'Un co-titular tiene los mismos derechos y obligaciones que tú sobre la vivienda y el pago de la renta.',
        ],
        guarantor: [
          'Un avalista es una persona que se compromete a pagar el alquiler si tú no pudieras hacerlo, aunque no viva en la vivienda: suele ser un familiar.',
          'Para el propietario es una garantía más. Si tus ingresos son justos para el alquiler, o tu contrato es temporal, un avalista con ingresos estables puede marcar la diferencia.',
          'El avalista no firma como inquilino: solo responde si hay impagos.',
        ],
      } satisfies Record<PersonRole, readonly string[]>,
    },
  },
} as const;
