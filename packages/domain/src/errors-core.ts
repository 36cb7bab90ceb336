/**
 * The texts of failures any request can meet (transport, session, permissions, server): the web app's
 * first load carries only these, and reads every other code's text from master data `exceptionAttributes`
 * or from the error's own message. `errors.ts` extends them into the full table.
 */
export const coreErrorMessages = {
  INVALID_INPUT: 'Los datos enviados no son válidos. Revisa el formulario.',
  UNAUTHENTICATED: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  FORBIDDEN: 'No tienes permisos para realizar esa acción.',
  NOT_FOUND: 'No hemos encontrado lo que buscas.',
  ROUTE_NOT_FOUND: 'Esta dirección de la API no existe.',
  CONFLICT: 'La operación no es posible en el estado actual.',
  PAYLOAD_TOO_LARGE: 'El archivo o los datos enviados son demasiado grandes.',
  UNSUPPORTED_MEDIA_TYPE: 'El tipo de archivo no está admitido.',
  RULE_BROKEN: 'La operación no cumple las condiciones necesarias.',
  RATE_LIMITED: 'Has hecho demasiados intentos. Espera un poco y vuelve a probar.',
  DATABASE_UNAVAILABLE:
    'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  INTERNAL_ERROR: 'Ha ocurrido un error interno en el servidor.',
  LOGOUT_FAILED: 'Error al cerrar sesión en el servidor',
  REQUEST_TIMEOUT: 'La petición ha tardado demasiado. Comprueba tu conexión e inténtalo de nuevo.',
  NETWORK_ERROR: 'No hay conexión con el servidor. Comprueba tu conexión a internet.',
} as const;
