/** Spanish texts of the shared UI components. */
export const uiTexts = {
  close: 'Cerrar',
  cancel: 'Cancelar',
  loading: 'Cargando…',
  retry: 'Reintentar',
  errorTitle: 'Algo ha ido mal',
  errorDescription: 'No hemos podido cargar esta información. Inténtalo de nuevo en unos segundos.',
  required: '(obligatorio)',
  selectPlaceholder: 'Selecciona una opción',
  toastRegion: 'Notificaciones',
  dismissToast: 'Cerrar aviso',
  money: {
    /** The unit after the field, and how it is read out. */
    unit: {
      euro: { symbol: '€', spoken: 'en euros' },
      euroPerMonth: { symbol: '€/mes', spoken: 'en euros al mes' },
      euroPerYear: { symbol: '€/año', spoken: 'en euros al año' },
    },
    decimals: 'Escribe el importe en euros, sin céntimos.',
    format: 'Escribe solo cifras, con punto para los miles: 250.000.',
  },
} as const;
