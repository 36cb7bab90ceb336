/** 'Municipio (Provincia)' as SPEC 2.5 writes a location; either part alone when the other is missing. */
export function placeName(municipality: string | null, province: string | null): string {
  if (municipality && province) return `${municipality} (${province})`;
  return municipality ?? province ?? '';
}
