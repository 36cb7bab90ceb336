/** Dates as people in Spain read them, in Madrid time whatever the device's zone. */
const day = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Madrid',
});

const valid = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '3 de marzo de 2026' (es-ES), '-' when unreadable. */
export const formatDay = (iso: string): string => {
  const date = valid(iso);
  return date ? day.format(date) : '-';
};
