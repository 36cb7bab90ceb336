/** Spanish texts of /profile/documentation: the tenant's documents, uploads and downloads. */
export const profileDocumentsTexts = {
  documentTitle: 'Documentación',
  title: 'Documentación',
  intro:
    'Sube los documentos que acreditan tu solvencia: los tuyos, los de tus co-titulares y los de tus avalistas.',
  backToProfile: 'Volver a mi perfil',
  loadErrorTitle: 'No hemos podido cargar tu documentación',
  why: {
    open: '¿Por qué subir documentos?',
    title: '¿Por qué subir documentos?',
    points: [
      'Los propietarios deciden antes cuando pueden comprobar tu solvencia: con tus documentos, tu oferta destaca frente a las que no los tienen.',
      'Guardamos tus documentos cifrados. Nadie los ve en Casaoferta salvo tú y el equipo que te ayuda si se lo pides.',
      'Solo los compartimos con un propietario cuando tú lo decides, oferta a oferta, y puedes dejar de compartirlos cuando quieras.',
      'Cada descarga queda registrada: aquí mismo ves quién descargó cada documento y cuándo.',
    ],
    close: 'Entendido',
  },
  sections: {
    me: 'Tus documentos',
    coHolder: (name: string) => `Co-titular: ${name}`,
    guarantor: (name: string) => `Avalista: ${name}`,
    unnamed: 'sin nombre',
    empty: 'Todavía no hay documentos.',
    noPeople:
      'Si alquilas con un co-titular o tienes un avalista, añádelos en tu perfil y sube aquí también sus documentos.',
  },
  document: {
    kind: 'Tipo',
    size: 'Tamaño',
    date: 'Subido el',
    download: 'Descargar',
    downloadLabel: (name: string) => `Descargar ${name}`,
    remove: 'Eliminar',
    removeLabel: (name: string) => `Eliminar ${name}`,
    downloadError: 'No hemos podido descargar el documento.',
  },
  remove: {
    title: '¿Eliminar este documento?',
    body: (name: string) =>
      `Vas a eliminar «${name}». Los propietarios con los que lo compartiste dejarán de verlo. No se puede deshacer.`,
    confirm: 'Sí, eliminar',
    cancel: 'Cancelar',
    done: 'Documento eliminado',
  },
  upload: {
    legend: (section: string) => `Subir un documento: ${section}`,
    kind: 'Tipo de documento',
    kindPlaceholder: 'Elige el tipo',
    kindRequired: 'Elige primero el tipo de documento.',
    file: 'Elegir archivo',
    fileHint: 'PDF, JPG, PNG o WebP. Máximo 10 MB.',
    uploading: (name: string) => `Subiendo ${name}`,
    cancel: 'Cancelar subida',
    done: (name: string) => `Documento subido: ${name}`,
    timeout:
      'La subida ha tardado más de 2 minutos y la hemos cancelado. Comprueba tu conexión e inténtalo de nuevo.',
  },
  downloads: {
    title: 'Descargas de tus documentos',
    intro: 'Quién ha descargado tus documentos y cuándo.',
    listLabel: 'Descargas de tus documentos',
    empty: 'Nadie ha descargado tus documentos todavía.',
    deleted: 'documento eliminado',
    loadError: 'No hemos podido cargar las descargas.',
    retry: 'Reintentar',
  },
} as const;
