/** Dates as people in Spain read them, in Madrid time whatever the device's zone. */
const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
