/** Spanish texts of the shared UI components. */
export const uiTexts = {
  close: 'Cerrar',
  loading: 'Cargando…',
  retry: 'Reintentar',
  errorTitle: 'Algo ha ido mal',
  errorDescription: 'No hemos podido cargar esta información. Inténtalo de nuevo en unos segundos.',
  required: '(obligatorio)',
  selectPlaceholder: 'Selecciona una opción',
  toastRegion: 'Notificaciones',
  dismissToast: 'Cerrar aviso',
} as const;
