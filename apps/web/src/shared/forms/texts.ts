/** Spanish messages of form validation, shared by every form (the domain schemas carry no texts). */
export const formTexts = {
  required: 'Este campo es obligatorio',
  number: 'Introduce un número',
  integer: 'Introduce un número entero, sin decimales',
  positive: 'Debe ser mayor que 0',
  min: (min: string) => `El valor mínimo es ${min}`,
  max: (max: string) => `El valor máximo es ${max}`,
  priceTooLow: (min: string) => `Precio demasiado bajo: el mínimo es ${min}. Revisa que no falten ceros.`,
  priceTooHigh: (max: string) => `Precio demasiado alto: el máximo es ${max}. Revisa que no sobren ceros.`,
  maxLength: (max: number) => `Escribe como máximo ${max} caracteres`,
  maxItems: (max: number) => `Elige como máximo ${max} opciones`,
  date: 'Introduce una fecha válida',
  dateOutOfRange: (min: number, max: number) =>
    `Revisa la fecha: tiene que ser de un año entre ${min} y ${max}`,
  option: 'Elige una opción de la lista',
  invalid: 'Revisa este dato',
  personName:
    'Escribe solo letras, espacios, guiones o apóstrofos; un punto, solo tras una inicial (J. Ramón)',
};
