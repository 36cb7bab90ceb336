/** A DNI/NIE as lists show it: every character hidden but the last four ('•••••678Z'). */
export function maskNif(nif: string): string {
  const id = nif.trim();
  const shown = id.slice(-4);
  return `${'•'.repeat(Math.max(0, id.length - shown.length))}${shown}`;
}
