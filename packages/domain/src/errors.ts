import { coreErrorMessages } from './errors-core';

/**
 * Every error code the API can answer with, and its Spanish text.
 * The map is served as master data `exceptionAttributes`; the web client looks the code up there.
 */
export const errorMessages = {
  ...coreErrorMessages,
  // SPEC 5 and 8: texts of rules and of failed actions, returned by the API where that rule or action fails.
  OFFER_TOO_LOW: 'Oferta es demasiado baja, ajusta el importe',
  OFFER_TOO_HIGH: 'Oferta demasiado alta, ajusta el importe',
  MORTGAGE_OVER_OFFER: 'El importe de la hipoteca no puede superar el de la oferta actual.',
  SALARY_OUT_OF_RANGE: 'Introduce un salario neto mensual válido. El valor debe estar entre 300€ y 10.000€',
  NIF_USED_BY_COTITULAR: 'Este DNI/NIF/NIE ya está siendo usado por otro co-titular',
  NIF_USED_BY_GUARANTOR: 'Este DNI/NIF/NIE ya está siendo usado por un avalista',
  // Offers (SPEC 4.2, 5.1-5.3, 7.4): each rule of the offer dialog, checked again by the API.
  OFFER_NOT_WHOLE_EUROS: 'El importe de la oferta debe ser en euros, sin decimales.',
  MORTGAGE_REQUIRED: 'Indica el importe de la hipoteca.',
  MORTGAGE_NEGATIVE: 'El importe de la hipoteca no puede ser negativo.',
  MORTGAGE_NOT_WHOLE_EUROS: 'El importe de la hipoteca debe ser en euros, sin decimales.',
  REASON_PURCHASE_REQUIRED: 'Indica el motivo de la compra.',
  CONTRACT_TYPE_REQUIRED: 'Indica tu tipo de contrato.',
  NIF_REQUIRED: 'Indica tu DNI, NIF o NIE.',
  NIF_INVALID: 'El DNI/NIF/NIE no es válido. Revisa los números y la letra.',
  SALARY_REQUIRED: 'Indica tu salario neto mensual.',
  VISIT_AMOUNT_NOT_ZERO: 'Una solicitud de visita no lleva importe.',
  VISITS_NOT_ACCEPTED: 'Este anuncio recibe ofertas de precio, no solicitudes de visita.',
  OWN_ANNOUNCEMENT: 'No puedes hacer una oferta en tu propio anuncio.',
  ANNOUNCEMENT_NOT_OPEN: 'Este anuncio ya no admite ofertas.',
  OFFER_ALREADY_ACTIVE: 'Ya tienes una oferta activa en este anuncio. Modifícala en lugar de crear otra.',
  OFFER_NOT_ACTIVE: 'Esta oferta ya no está activa.',
  OFFER_ALREADY_SELECTED: 'El propietario ya ha elegido una oferta en este anuncio.',
  NOTHING_TO_DECIDE: 'Todavía no hay ninguna oferta que elegir.',
  OFFER_CREATE_FAILED: 'Ha ocurrido un error a la hora de crear la oferta.',
  VISIT_REQUEST_FAILED: 'Ha ocurrido un error al solicitar la visita.',
  PROPERTY_REJECT_FAILED: 'Ha ocurrido un error al intentar rechazar la validación del inmueble.',
  PROPERTY_VALIDATE_FAILED: 'Ha ocurrido un error al intentar validar el inmueble.',
  ANNOUNCEMENT_REJECT_FAILED: 'Ha ocurrido un error al intentar rechazar la validación del anuncio.',
  ANNOUNCEMENT_VALIDATE_FAILED: 'Ha ocurrido un error al intentar validar el anuncio.',
  PAYMENT_LINK_FAILED: 'Ha ocurrido un error al intentar enviar enlace de pago.',
  CONTACT_DATA_FAILED: 'Ha ocurrido un problema al enviar los datos de contacto.',
  CONTACT_DATA_NO_ANNOUNCEMENT: 'No se ha podido enviar los datos de contacto.',
  USER_BLOCKED: 'Tu cuenta está bloqueada. Si crees que es un error, escríbenos.',
  // Accounts (phone login with one-time codes, agents, impersonation).
  INVALID_PHONE: 'El número de teléfono no es válido. Revisa el prefijo y los dígitos.',
  OTP_INVALID: 'El código no es correcto. Revísalo e inténtalo de nuevo.',
  OTP_EXPIRED: 'El código ha caducado o ya se ha usado. Pide uno nuevo.',
  OTP_TOO_MANY_ATTEMPTS: 'Has superado el número de intentos. Pide un código nuevo.',
  OTP_TOO_MANY_SENDS: 'Has pedido demasiados códigos. Espera un poco antes de pedir otro.',
  VERIFICATION_INVALID: 'La verificación del teléfono ha caducado. Vuelve a pedir un código.',
  REGISTRATION_REQUIRED:
    'Para crear tu cuenta necesitamos tu nombre, tus apellidos y que aceptes la política de privacidad.',
  INVALID_CREDENTIALS: 'El correo o la contraseña no son correctos.',
  CANNOT_IMPERSONATE_AGENT: 'No se puede actuar en nombre de otro agente.',
  CANNOT_IMPERSONATE_BLOCKED:
    'No se puede actuar en nombre de un usuario bloqueado. Si hace falta, readmítelo primero.',
  // Listings.
  PROPERTY_NOT_VALIDATED:
    'El inmueble todavía no está validado por nuestro equipo. Podrás publicar en cuanto lo esté.',
  PROPERTY_REJECTED:
    'El inmueble fue rechazado. Corrige lo indicado y pide una nueva revisión antes de publicar.',
  ANNOUNCEMENT_INCOMPLETE: 'Al anuncio le faltan datos obligatorios. Revisa el formulario.',
  INVALID_STATE: 'Esta acción no está disponible en el estado actual del anuncio.',
  PROPERTY_NOT_DISCARDABLE:
    'Este inmueble ya se envió a revisión o tiene anuncios publicados: no se puede descartar como borrador.',
  REVISION_OUTDATED:
    'El propietario ha cambiado los datos después de tu revisión. Vuelve a revisarlos antes de decidir.',
  IMAGE_INVALID: 'No es una imagen. Sube fotos en JPG, PNG, WebP o HEIC.',
  IMAGE_EMPTY: 'El archivo está vacío. Elige otra foto.',
  IMAGE_TOO_LARGE: 'La foto es demasiado grande. El máximo es 15 MB y 40 megapíxeles.',
  TOO_MANY_IMAGES: 'Has llegado al máximo de 30 fotos por inmueble.',
  PRICE_OUT_OF_RANGE:
    'El precio está fuera de los límites de este tipo de anuncio. Revisa que no falten ni sobren ceros.',
  // Tenant profile (SPEC 3, 4.3, 5.3, 5.4, 7.5).
  NIF_USED_BY_TENANT:
    'Este DNI/NIF/NIE es el del titular del perfil: el de un co-titular o avalista tiene que ser otro.',
  BIRTH_DATE_IN_FUTURE: 'La fecha de nacimiento no puede ser posterior a hoy.',
  UNDER_AGE: 'Tiene que ser mayor de edad (18 años o más).',
  COHABITANTS_OUT_OF_RANGE: 'El número de convivientes debe estar entre 0 y 10.',
  CHILDREN_OVER_COHABITANTS: 'El número de hijos no puede ser mayor que el de convivientes.',
  UNKNOWN_OPTION: 'La opción elegida no existe. Elige otra de la lista.',
  TOO_MANY_PEOPLE: 'Puedes añadir hasta 4 co-titulares y 4 avalistas.',
  // Tenant documents (SPEC 7.5): PDF and images, checked by content, encrypted at rest.
  DOCUMENT_INVALID: 'Sube el documento en PDF, JPG, PNG o WebP.',
  DOCUMENT_EMPTY: 'El archivo está vacío. Elige otro.',
  DOCUMENT_TOO_LARGE: 'El documento es demasiado grande. El máximo es 10 MB.',
  DOCUMENT_UNSAFE:
    'Este PDF contiene código ejecutable y no se puede subir. Guárdalo de nuevo como PDF o sube una foto.',
  DOCUMENT_PROTECTED: 'El PDF está protegido con contraseña. Sube una copia sin contraseña.',
  TOO_MANY_DOCUMENTS: 'Has llegado al máximo de 40 documentos.',
  DOCUMENTS_NOT_SHARED: 'El candidato no ha compartido su documentación contigo.',
  // The e-mail address (issue 12): confirmed by a link, unsubscribed by another.
  EMAIL_IN_USE: 'Este correo ya está en otra cuenta de Casaoferta. Usa otro o accede con esa cuenta.',
  EMAIL_LINK_INVALID: 'El enlace de confirmación no es válido o ha caducado. Pide otro desde Configuración.',
  UNSUBSCRIBE_LINK_INVALID:
    'Este enlace para darse de baja no es válido. Cambia tus avisos en Configuración.',
  OWNER_NO_EMAIL:
    'El propietario no tiene un correo confirmado o no quiere avisos de ofertas por correo. Avísale por otro canal.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorMessages, value);

/** HTTP status for each code: ARCHITECTURE.md section 4. */
export const errorStatus: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RULE_BROKEN: 422,
  RATE_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  LOGOUT_FAILED: 500,
  REQUEST_TIMEOUT: 408,
  NETWORK_ERROR: 503,
  OFFER_TOO_LOW: 422,
  OFFER_TOO_HIGH: 422,
  MORTGAGE_OVER_OFFER: 422,
  SALARY_OUT_OF_RANGE: 422,
  NIF_USED_BY_COTITULAR: 422,
  NIF_USED_BY_GUARANTOR: 422,
  OFFER_NOT_WHOLE_EUROS: 422,
  MORTGAGE_REQUIRED: 422,
  MORTGAGE_NEGATIVE: 422,
  MORTGAGE_NOT_WHOLE_EUROS: 422,
  REASON_PURCHASE_REQUIRED: 422,
  CONTRACT_TYPE_REQUIRED: 422,
  NIF_REQUIRED: 422,
  NIF_INVALID: 422,
  SALARY_REQUIRED: 422,
  VISIT_AMOUNT_NOT_ZERO: 422,
  VISITS_NOT_ACCEPTED: 422,
  OWN_ANNOUNCEMENT: 422,
  ANNOUNCEMENT_NOT_OPEN: 409,
  OFFER_ALREADY_ACTIVE: 409,
  OFFER_NOT_ACTIVE: 409,
  OFFER_ALREADY_SELECTED: 409,
  NOTHING_TO_DECIDE: 409,
  OFFER_CREATE_FAILED: 500,
  VISIT_REQUEST_FAILED: 500,
  PROPERTY_REJECT_FAILED: 500,
  PROPERTY_VALIDATE_FAILED: 500,
  ANNOUNCEMENT_REJECT_FAILED: 500,
  ANNOUNCEMENT_VALIDATE_FAILED: 500,
  PAYMENT_LINK_FAILED: 500,
  CONTACT_DATA_FAILED: 500,
  CONTACT_DATA_NO_ANNOUNCEMENT: 422,
  USER_BLOCKED: 403,
  INVALID_PHONE: 400,
  OTP_INVALID: 422,
  OTP_EXPIRED: 422,
  OTP_TOO_MANY_ATTEMPTS: 422,
  OTP_TOO_MANY_SENDS: 429,
  VERIFICATION_INVALID: 401,
  REGISTRATION_REQUIRED: 422,
  INVALID_CREDENTIALS: 401,
  CANNOT_IMPERSONATE_AGENT: 403,
  CANNOT_IMPERSONATE_BLOCKED: 409,
  PROPERTY_NOT_VALIDATED: 422,
  PROPERTY_REJECTED: 422,
  ANNOUNCEMENT_INCOMPLETE: 422,
  INVALID_STATE: 409,
  PROPERTY_NOT_DISCARDABLE: 409,
  REVISION_OUTDATED: 409,
  IMAGE_INVALID: 415,
  IMAGE_EMPTY: 400,
  IMAGE_TOO_LARGE: 413,
  TOO_MANY_IMAGES: 422,
  PRICE_OUT_OF_RANGE: 422,
  NIF_USED_BY_TENANT: 422,
  BIRTH_DATE_IN_FUTURE: 422,
  UNDER_AGE: 422,
  COHABITANTS_OUT_OF_RANGE: 422,
  CHILDREN_OVER_COHABITANTS: 422,
  UNKNOWN_OPTION: 422,
  TOO_MANY_PEOPLE: 422,
  DOCUMENT_INVALID: 415,
  DOCUMENT_EMPTY: 400,
  DOCUMENT_TOO_LARGE: 413,
  DOCUMENT_UNSAFE: 422,
  DOCUMENT_PROTECTED: 422,
  TOO_MANY_DOCUMENTS: 422,
  DOCUMENTS_NOT_SHARED: 403,
  EMAIL_IN_USE: 409,
  EMAIL_LINK_INVALID: 400,
  UNSUBSCRIBE_LINK_INVALID: 404,
  OWNER_NO_EMAIL: 409,
};

/** The error envelope every failing API answer carries. */
export interface ApiErrorBody {
  errors: { code: string; message: string; field?: string }[];
}
