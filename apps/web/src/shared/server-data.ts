export { dataBlockIds } from '@casaoferta/domain/server-render';

/**
 * Data the API writes into index.html for a server-rendered page: a JSON block
 * (`<script type="application/json">`, never executed, so the CSP stays `script-src 'self'`).
 * Read once and removed; null on the server, when absent, or when it does not parse.
 */
export function takeDataBlock(id: string): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    // A broken block only costs the request it was meant to save.
    return null;
  }
}
