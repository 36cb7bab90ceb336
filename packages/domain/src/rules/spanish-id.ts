/**
 * Spanish identity numbers (SPEC 5.3): a DNI (8 digits and a check letter) or a NIE (X, Y or Z, 7 digits
 * and a check letter). Compared trimmed and in capitals, as SPEC says.
 */
const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const DNI = /^(\d{8})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;

/** The identifier as it is compared and stored: no spaces or dashes, capitals. */
export const normalizeSpanishId = (value: string): string => value.trim().toUpperCase().replace(/[\s-]/g, '');

/** Whether `value` is a DNI or NIE whose check letter is right. */
export function isValidSpanishId(value: string): boolean {
  const id = normalizeSpanishId(value);
  const dni = DNI.exec(id);
  if (dni) return LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = NIE.exec(id);
  if (!nie) return false;
  const prefix = String('XYZ'.indexOf(nie[1] ?? ''));
  return LETTERS[Number(`${prefix}${nie[2] ?? ''}`) % 23] === nie[3];
}

/** Whose identifier `value` already is, among the co-holders' and the guarantors' (SPEC 5.3 messages). */
export function spanishIdTakenBy(
  value: string,
  others: { coHolders: readonly string[]; guarantors: readonly string[] },
): 'NIF_USED_BY_COTITULAR' | 'NIF_USED_BY_GUARANTOR' | null {
  const id = normalizeSpanishId(value);
  if (others.coHolders.some((nif) => normalizeSpanishId(nif) === id)) return 'NIF_USED_BY_COTITULAR';
  if (others.guarantors.some((nif) => normalizeSpanishId(nif) === id)) return 'NIF_USED_BY_GUARANTOR';
  return null;
}
