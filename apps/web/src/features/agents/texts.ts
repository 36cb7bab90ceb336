/** Spanish texts of the agent tools (SPEC 2.4's English label, 'Agent {name}', is said in Spanish). */
export const agentTexts = {
  menu: {
    documentTitle: 'Menú de agente',
    title: 'Menú de agente',
    greeting: (name: string) => `Hola, ${name}. Elige a qué usuario quieres ayudar.`,
    acting: (name: string) => `Ahora actúas como ${name}.`,
    stopActing: 'Dejar de actuar',
    logout: 'Cerrar sesión',
    searchLabel: 'Buscar usuarios',
    searchHint: 'Por nombre, apellidos o teléfono.',
    listLabel: 'Usuarios que puedes gestionar',
    results: (total: number) =>
      total === 1 ? '1 usuario encontrado' : `${total.toLocaleString('es-ES')} usuarios encontrados`,
    loading: 'Buscando usuarios…',
    emptyTitle: 'No hay usuarios que mostrar',
    emptySearch: (search: string) =>
      `Ningún usuario coincide con «${search}». Prueba con otro nombre o teléfono.`,
    emptyAll: 'Todavía no hay usuarios registrados.',
    errorTitle: 'No hemos podido cargar los usuarios',
    verified: 'Verificado',
    blocked: 'Bloqueado',
    noPhone: 'Sin teléfono',
    actAs: 'Actuar como',
  },
  pagination: {
    label: 'Páginas de resultados',
    previous: 'Anterior',
    next: 'Siguiente',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  impersonate: {
    title: (name: string) => `Actuar como ${name}`,
    intro:
      'Verás Casaoferta como este usuario durante un máximo de 60 minutos. El acceso y su motivo quedan registrados y el usuario podrá consultarlos.',
    reason: 'Motivo',
    reasonHint: 'Entre 5 y 500 caracteres. Por ejemplo, el número de la consulta de soporte.',
    reasonTooShort: 'Explica el motivo con al menos 5 caracteres.',
    reasonTooLong: 'El motivo no puede superar los 500 caracteres.',
    counter: (length: number) => `${length} de 500 caracteres`,
    cancel: 'Cancelar',
    submit: 'Actuar como',
  },
  banner: {
    regionLabel: 'Herramientas de agente',
    agent: (name: string) => `Agente ${name}`,
    labelHint: 'Abrir el menú de agente',
    takeControl: 'Toma el control',
    acting: (name: string) => `Actuando como ${name}`,
    expand: 'Desplegar',
    changeUser: 'Cambiar usuario',
  },
} as const;
